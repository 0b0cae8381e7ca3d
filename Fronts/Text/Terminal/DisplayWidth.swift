/// Columns a text takes on a terminal, counted as terminals that measure code point by code
/// point do (the C library's `wcwidth`, and tmux, ncurses and most terminals through it): a
/// grapheme takes the sum of its code points' widths. East Asian wide and fullwidth characters
/// and emoji take 2, combining marks, joiners and other format characters 0, everything else 1 —
/// so `👨‍👩‍👧‍👦` (four people joined by three zero-width joiners) takes 8 columns, as tmux draws it.
///
/// This is the one width table of loans: the widget, the text reports and the TUI all measure
/// with it, so what fits in one fits in all.
package enum DisplayWidth {
    /// Inlinable so that each caller gets it specialised: called across modules unspecialised,
    /// its generic `utf8` view was looked up at run time, 6 % of a status bar's instructions.
    @inlinable
    package static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// The same for a `String`, the common case, without generics: whether the optimiser
    /// specialises the generic one in a caller's module varies from build to build (a build of
    /// the TUI that did not cost a third more per key).
    @inlinable
    package static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    package static func of(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// One code point's columns.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value <= 0x9F || isZeroWidth(scalar) { return 0 }
        if (0x1F1E6...0x1F1FF).contains(value) { return 1 }  // regional indicators: a flag is two of them
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Combining marks, format characters (the zero-width joiner among them; not the soft
    /// hyphen nor the marks that print before a number, such as U+0600 ARABIC NUMBER SIGN) and the
    /// Hangul vowels and final consonants that join a syllable.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control: return true
        case .format:
            switch scalar.value {
            case 0xAD, 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: return false
            default: return true
            }
        default: return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges outside the emoji blocks.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DFF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FF1,
             0x17000...0x18D7F, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

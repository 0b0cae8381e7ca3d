/// Columns a text takes on a terminal, by grapheme, following wcwidth's rules: East Asian wide and
/// fullwidth characters and emoji take 2, combining marks and zero-width characters 0, others 1.
/// A whole grapheme (a ZWJ emoji sequence, a flag, a letter with its accents) is measured once.
public enum DisplayWidth {
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        if isZeroWidth(first) { return 0 }
        if scalars.count > 1, scalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
        if first.properties.isEmojiPresentation || isWide(first.value) { return 2 }
        return 1
    }

    /// Combining marks, format characters (other than the soft hyphen) and controls.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control: return true
        case .format: return scalar.value != 0xAD
        default: return (0x1160...0x11FF).contains(scalar.value)
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges outside the emoji blocks.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
             0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

import LoansCore

/// iCalendar content lines (RFC 5545) as bytes: TEXT values escaped (`\\`, `\;`, `\,`, a line
/// break as `\n` — or, in a value that is one line, a space — and other control characters,
/// C1 and the bidi marks included, as spaces), so no value can end its line, start a property or
/// component, or reorder what a calendar shows; every line folded at 75 octets, never inside a
/// UTF-8 sequence, and ended with CRLF.
struct ContentLines {
    /// The longest line, in octets, before the CRLF.
    static let limit = 75

    /// What a line break in a TEXT value becomes.
    enum LineBreaks {
        /// `\n`: the value keeps its lines (a description).
        case escaped
        /// A space: the value is one line (a summary: calcurse skips an event whose summary
        /// holds a line break, and calendars show it on one line anyway).
        case spaces
    }

    private(set) var bytes: [UInt8] = []

    /// Appends `NAME:value` with `value` written as is (dates, numbers, fixed words).
    mutating func raw(_ name: String, _ value: String) {
        line(Array(name.utf8) + [UInt8(ascii: ":")] + Array(value.utf8))
    }

    /// Appends `NAME:value` with `value` escaped as TEXT, its line breaks kept.
    mutating func text(_ name: String, _ value: String) {
        line(Array(name.utf8) + [UInt8(ascii: ":")] + ContentLines.escaped(value))
    }

    /// Appends `NAME:value` with `value` escaped as TEXT of one line: its line breaks as spaces.
    mutating func line(_ name: String, _ value: String) {
        line(Array(name.utf8) + [UInt8(ascii: ":")] + ContentLines.escaped(value, lineBreaks: .spaces))
    }

    /// Takes the bytes written so far.
    mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// A TEXT value escaped: backslash, semicolon and comma behind a backslash; CR, LF, CR LF,
    /// U+2028 and U+2029 as `\n` (or one space each); a tab kept; every other character that
    /// would move or reorder what is shown (`isTerminalControl`: C0, DEL, C1, the bidi marks) as
    /// a space — TEXT cannot hold C0, and nothing should hold the others raw.
    static func escaped(_ value: String, lineBreaks: LineBreaks = .escaped) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count + 8)
        var afterCR = false
        for scalar in value.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\": out += [0x5C, 0x5C]
            case ";": out += [0x5C, 0x3B]
            case ",": out += [0x5C, 0x2C]
            case "\n" where afterCR: continue
            case "\r", "\n", "\u{2028}", "\u{2029}": out += lineBreaks == .escaped ? [0x5C, 0x6E] : [0x20]
            case "\t": out.append(0x09)
            case _ where scalar.isTerminalControl: out.append(0x20)
            default: out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    /// Folds one logical line: at most 75 octets per physical line, continuation lines starting
    /// with one space; a cut never falls inside a UTF-8 sequence.
    private mutating func line(_ content: [UInt8]) {
        var start = 0
        var room = ContentLines.limit
        while content.count - start > room {
            var cut = start + room
            while cut > start, content[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes += content[start..<cut]
            bytes += [0x0D, 0x0A, 0x20]
            start = cut
            room = ContentLines.limit - 1
        }
        bytes += content[start...]
        bytes += [0x0D, 0x0A]
    }
}

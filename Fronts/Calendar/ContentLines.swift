/// iCalendar content lines (RFC 5545) as bytes: TEXT values escaped (`\\`, `\;`, `\,`, a line
/// break as `\n`, other control characters as spaces), so no value can end its line or start a
/// property or component; every line folded at 75 octets, never inside a UTF-8 sequence, and
/// ended with CRLF.
struct ContentLines {
    /// The longest line, in octets, before the CRLF.
    static let limit = 75

    private(set) var bytes: [UInt8] = []

    /// Appends `NAME:value` with `value` written as is (dates, numbers, fixed words).
    mutating func raw(_ name: String, _ value: String) {
        line(Array(name.utf8) + [UInt8(ascii: ":")] + Array(value.utf8))
    }

    /// Appends `NAME:value` with `value` escaped as TEXT.
    mutating func text(_ name: String, _ value: String) {
        line(Array(name.utf8) + [UInt8(ascii: ":")] + ContentLines.escaped(value))
    }

    /// Takes the bytes written so far.
    mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// A TEXT value escaped: backslash, semicolon and comma behind a backslash; CR, LF, CR LF,
    /// U+2028 and U+2029 as `\n`; other ASCII control characters as spaces (TEXT cannot hold them).
    static func escaped(_ value: String) -> [UInt8] {
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
            case "\r", "\n", "\u{2028}", "\u{2029}": out += [0x5C, 0x6E]
            case "\t": out.append(0x09)
            case "\u{00}"..."\u{1F}", "\u{7F}": out.append(0x20)
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

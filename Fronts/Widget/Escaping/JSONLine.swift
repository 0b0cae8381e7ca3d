/// A JSON object written on one line, members in the order given, for the bars that read JSON
/// (waybar, i3status-rust, i3bar). Every string goes through `JSONLine.quoted`, which escapes
/// per RFC 8259; no member is ever pasted together from raw data.
struct JSONLine {
    enum Value {
        case string(String)
        case integer(Int)
        case boolean(Bool)
    }

    private var members: [(key: String, value: Value)] = []

    /// Adds a member; keys are loans' own and never repeat.
    mutating func add(_ key: String, _ value: Value) {
        members.append((key, value))
    }

    /// `{"key":value,…}` with no spaces and no newline.
    var encoded: String {
        var out = "{"
        for (index, member) in members.enumerated() {
            if index > 0 { out += "," }
            out += JSONLine.quoted(member.key) + ":"
            switch member.value {
            case .string(let text): out += JSONLine.quoted(text)
            case .integer(let number): out += String(number)
            case .boolean(let flag): out += flag ? "true" : "false"
            }
        }
        return out + "}"
    }

    /// A JSON string: `"` and `\` escaped, every control character (C0, DEL, C1) and the line
    /// and paragraph separators written as `\uXXXX` or its short form, everything else as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}": out += unicodeEscape(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        var out = "\\u"
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        }
        return out
    }
}

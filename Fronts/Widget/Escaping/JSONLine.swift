import LoansText

/// A JSON object written on one line, members in the order given, for the bars that read JSON
/// (waybar, i3status-rust, i3bar). Every string goes through `JSONTokens.quoted` — the
/// escaping of every document loans writes (RFC 8259, control characters, DEL, C1, U+2028 and
/// U+2029 as escapes); no member is ever pasted together from raw data.
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
            out += JSONTokens.quoted(member.key) + ":"
            switch member.value {
            case .string(let text): out += JSONTokens.quoted(text)
            case .integer(let number): out += String(number)
            case .boolean(let flag): out += flag ? "true" : "false"
            }
        }
        return out + "}"
    }
}

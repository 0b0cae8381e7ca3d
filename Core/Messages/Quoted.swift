/// A user-typed value as it appears in a message: in double quotes, with control
/// characters and overlong text made harmless so an error line stays one safe line.
package struct Quoted: CustomStringConvertible, Sendable {
    let text: String
    static let limit = 256

    package init(_ text: String) {
        self.text = text
    }

    /// A value shown by its description (a file path, say).
    package init(_ value: some CustomStringConvertible) {
        self.init(value.description)
    }

    package var description: String {
        var out = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == Quoted.limit {
                out += "…"
                break
            }
            count += 1
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.isTerminalControl {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

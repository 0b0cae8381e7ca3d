/// A user-typed value as it appears in a message: in double quotes, with control
/// characters and overlong text made harmless so an error line stays one safe line.
public struct Quoted: CustomStringConvertible, Sendable {
    let text: String
    static let limit = 256

    public init(_ text: String) {
        self.text = text
    }

    public var description: String {
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
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || Quoted.isBidiControl(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Marks that reorder text on screen (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}

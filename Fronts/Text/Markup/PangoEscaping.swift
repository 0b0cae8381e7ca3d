/// Pango markup escaping for text read as markup (waybar, i3status-rust, i3bar or i3blocks with
/// `--pango`, the body of a desktop notification): `&`, `<`, `>`, `'` and `"` become entities,
/// so data can neither open a tag nor break the markup.
package enum PangoEscaping {
    package static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { PangoEscaping.isSpecial($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'": out += "&apos;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a byte is one of the five escaped, by a switch: looking each byte up in a string
    /// of them cost a 2 KiB tooltip a quarter of a million instructions.
    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""): true
        default: false
        }
    }
}

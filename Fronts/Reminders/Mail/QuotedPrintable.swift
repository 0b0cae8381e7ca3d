/// A text body in quoted-printable (RFC 2045 §6.7): ASCII lines of at most 76 characters,
/// whatever the text holds — so a long title in another script never makes a line longer than
/// mail allows, and the body needs no 8-bit transport. Each line of the text stays a line (LF);
/// longer ones are broken by soft breaks (`=` at a line's end) between whole characters.
enum QuotedPrintable {
    static func encoded(_ text: String) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            let characters = Array(line)
            for (index, character) in characters.enumerated() {
                let isLast = index == characters.count - 1
                let piece = encoded(character, atLineEnd: isLast)
                if current.count + piece.count > (isLast ? 76 : 75) {
                    out += current + "=\n"
                    current = ""
                }
                current += piece
            }
            out += current + "\n"
        }
        return String(out.dropLast())
    }

    /// One character: as it is when printable ASCII (a space or tab too, but at a line's end,
    /// where a reader would drop it), else its UTF-8 bytes as `=XX`.
    private static func encoded(_ character: Character, atLineEnd: Bool) -> String {
        let bytes = Array(String(character).utf8)
        if bytes.count == 1, let byte = bytes.first {
            switch byte {
            case 0x21...0x3C, 0x3E...0x7E: return String(character)
            case 0x20 where !atLineEnd, 0x09 where !atLineEnd: return String(character)
            default: break
            }
        }
        let digits = Array("0123456789ABCDEF")
        return bytes.map { "=" + String(digits[Int($0 >> 4)]) + String(digits[Int($0 & 0xF)]) }.joined()
    }
}

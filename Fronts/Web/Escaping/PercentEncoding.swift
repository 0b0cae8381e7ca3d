/// The web front's one percent codec (RFC 3986): text made one piece of a URL — a path segment,
/// a query value, a cookie value — and `%XX` read back. The HTTP server decodes what a request
/// carries (its path, query and form) before the front sees it; everything the front writes or
/// reads again itself goes through here.
package enum PercentEncoding {
    /// `value` with every byte but RFC 3986's unreserved ones (`A-Z a-z 0-9 - . _ ~`) as `%XX`,
    /// so it can neither end the piece it stands in nor start a scheme.
    package static func encoded(_ value: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `%XX` back to bytes; nil when a `%` is not followed by two hex digits (not text this
    /// front encoded).
    package static func decoded(_ text: String) -> [UInt8]? {
        decode(text, strict: true)
    }

    /// `text` with each `%XX` decoded once and any other `%` kept as it is, bytes that are not
    /// UTF-8 as U+FFFD: for judging what a path segment says, never for using it.
    package static func decodedOnce(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")), let bytes = decode(text, strict: false) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func decode(_ text: String, strict: Bool) -> [UInt8]? {
        func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%") {
                if index + 2 < utf8.count, let high = digit(utf8[index + 1]), let low = digit(utf8[index + 2]) {
                    out.append(high << 4 | low)
                    index += 3
                    continue
                }
                if strict { return nil }
            }
            out.append(utf8[index])
            index += 1
        }
        return out
    }
}

import LoansCore

/// Appends JSON tokens to a byte buffer (RFC 8259), for every front that writes JSON (the
/// document of `loans json`, the status-bar formats). Strings are escaped here and only here:
/// `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX` — DEL and the C1 controls
/// too, so a document printed on a terminal cannot drive it — U+2028 and U+2029 as
/// `\u2028`/`\u2029` (so the text is also safe inside JavaScript), `/` left alone. Swift strings
/// are valid Unicode, so the output is always valid UTF-8.
package enum JSONTokens {
    /// A text as a JSON string literal, escaped by the same rules as every document loans writes.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        string(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func string(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ escape($0, to: &bytes) }) == nil {
            var copy = text
            copy.withUTF8 { escape($0, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func escape(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var start = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            let escape: StaticString?
            var width = 1
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0x00..<0x20, 0x7F: escape = nil
            case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                escape = nil
                width = 2
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                width = 3
            default:
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            if let escape {
                bytes.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
            } else {
                let code = width == 2 ? utf8[index + 1] : byte
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hexDigit(code >> 4))
                bytes.append(hexDigit(code & 0x0F))
            }
            index += width
            start = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
    }

    /// A whole number in decimal, written digit by digit.
    package static func integer(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + magnitude / divisor % 10))
            divisor /= 10
        }
    }

    package static func integer(_ value: Int, to bytes: inout [UInt8]) {
        integer(Int64(value), to: &bytes)
    }

    /// A date as the string `"YYYY-MM-DD"`, written without building a `String`.
    package static func date(_ date: CivilDate, to bytes: inout [UInt8]) {
        let (year, month, day) = date.components
        func digits(_ value: Int, _ divisor: Int) {
            var divisor = divisor
            while divisor > 0 {
                bytes.append(UInt8(truncatingIfNeeded: 0x30 + value / divisor % 10))
                divisor /= 10
            }
        }
        bytes.append(UInt8(ascii: "\""))
        digits(year, 1000)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 10)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 10)
        bytes.append(UInt8(ascii: "\""))
    }

    package static func null(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "null".utf8)
    }

    /// `"key":`, for keys that are plain ASCII names.
    package static func key(_ name: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: "\":".utf8)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}

/// A string token as it stands in the document, between its quotes. Its bytes are in the
/// reader's window (`JSONReader.bytes(of:)`) until the reader moves on to the next token.
struct RawJSONString {
    /// Document offset of the first byte after the opening quote.
    let offset: Int
    /// How many bytes stand between the quotes, escapes not decoded.
    let count: Int
    /// Whether any byte is a backslash (so the bytes are not the value itself).
    let escaped: Bool
    /// Whether every byte is ASCII (so the bytes are valid UTF-8 without checking).
    let ascii: Bool
}

extension JSONReader {
    /// Reads a string value: escapes decoded, raw control characters and invalid UTF-8 refused.
    mutating func readString() throws(JSONSyntaxError) -> String {
        let raw = try readRawString()  // read first: `string(from:)` must see the window as it is after
        return try string(from: raw)
    }

    /// Reads a string token without decoding it; raw control characters are refused here.
    mutating func readRawString() throws(JSONSyntaxError) -> RawJSONString {
        try consume(UInt8(ascii: "\""), "a string")
        mark = position - 1
        var escaped = false
        var high: UInt8 = 0
        while true {
            // Locals, so the scan runs in registers rather than through `self`.
            var index = position
            let limit = end
            let bytes = buffer
            while index < limit {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let start = mark + 1
                    position = index + 1
                    return RawJSONString(offset: base + start, count: index - start, escaped: escaped, ascii: high < 0x80)
                }
                if byte < 0x20 {
                    position = index
                    throw fail("control character in a string (write it as \\u00\(hex(byte)))")
                }
                high |= byte
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index += 1
                }
                index += 1
            }
            position = index
            guard try refill() else { throw fail("unterminated string", at: base + mark) }
        }
    }

    /// The bytes of a string token read last (valid until the next token is read).
    func bytes(of raw: RawJSONString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + (raw.offset - base), count: raw.count)
    }

    /// The value of a string token: ASCII taken as is, other text checked as UTF-8, escapes decoded.
    func string(from raw: RawJSONString) throws(JSONSyntaxError) -> String {
        let bytes = bytes(of: raw)
        if raw.escaped { return try unescape(bytes, at: raw.offset) }
        if raw.ascii { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw fail("invalid UTF-8 in a string", at: raw.offset)
        }
        return text
    }

    private func unescape(_ raw: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard raw.count - index >= 4 else { throw fail("short \\u escape", at: start + index) }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = raw[index]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: throw fail("bad \\u escape", at: start + index)
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                continue
            }
            let escape = raw[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard raw.count - index >= 6, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") else {
                        throw fail("lone surrogate in a \\u escape", at: start + index)
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("lone surrogate in a \\u escape", at: start + index) }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("lone surrogate in a \\u escape", at: start + index) }
                out.append(contentsOf: scalar.utf8)
            default:
                throw fail("unknown escape", at: start + index - 2)
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8 in a string", at: start) }
        return text
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

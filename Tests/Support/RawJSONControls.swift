/// Raw characters a JSON text from loans must never carry: below 0x20 inside a string, anything
/// below 0x20 but a newline between values, DEL, C1, U+2028 and U+2029. Shared by the end-to-end
/// test of the written documents and the writer's fuzz target.
package enum RawJSONControls {
    /// Each raw character found, worded with its byte offset ("raw 0x1f inside a string at 40").
    package static func find(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var inString = false
        var escaped = false
        for (offset, byte) in bytes.enumerated() {
            let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
            let third = offset + 2 < bytes.count ? bytes[offset + 2] : 0
            if byte == 0x7F || (byte == 0xC2 && (0x80...0x9F).contains(next))
                || (byte == 0xE2 && next == 0x80 && (third == 0xA8 || third == 0xA9)) {
                found.append("raw U+\(String(byte == 0x7F ? 0x7F : byte == 0xC2 ? Int(next) : 0x2028 + Int(third - 0xA8), radix: 16)) at \(offset)")
            }
            if inString {
                if byte < 0x20 { found.append("raw 0x\(String(byte, radix: 16)) inside a string at \(offset)") }
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte < 0x20 && byte != 0x0A {
                found.append("raw 0x\(String(byte, radix: 16)) between values at \(offset)")
            }
        }
        return found
    }
}

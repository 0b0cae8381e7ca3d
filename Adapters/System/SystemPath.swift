/// A file path exactly as given — on the command line, in `LOANS_DB`, in a configuration file —
/// kept as bytes, UTF-8 or not: Linux names a file by any bytes but NUL, so loans opens exactly
/// the file meant and never a look-alike whose invalid bytes were replaced.
package struct SystemPath: Hashable, Sendable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    package let bytes: [UInt8]

    /// A path from its bytes; nil when empty or holding a NUL (no file can be named so).
    package init?(bytes: some Sequence<UInt8>) {
        let bytes = Array(bytes)
        guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
        self.bytes = bytes
    }

    /// A path loans composes itself (a default location, a name beside the database).
    package init?(_ text: String) {
        self.init(bytes: text.utf8)
    }

    /// The path with `suffix` appended (`loans.db` → `loans.db-wal`).
    package func appending(_ suffix: String) -> SystemPath {
        SystemPath(uncheckedBytes: bytes + Array(suffix.utf8))
    }

    /// The folder part (everything before the last `/`); nil for a bare name.
    package var parent: SystemPath? {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return slash == 0 ? SystemPath(uncheckedBytes: [UInt8(ascii: "/")]) : SystemPath(uncheckedBytes: Array(bytes[..<slash]))
    }

    /// Calls `body` with the path as a NUL-terminated C string, for system calls.
    package func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The path for a message: valid UTF-8 as is, every other byte as `\xNN`, so the reader sees
    /// exactly which file is meant (wrap it in `Quoted` to make controls harmless too).
    package var description: String {
        var out = ""
        var index = 0
        while index < bytes.count {
            let length = SystemPath.utf8Length(bytes, at: index)
            if length > 0, let scalar = String(validating: bytes[index..<index + length], as: UTF8.self) {
                out += scalar
                index += length
            } else {
                out += "\\x" + String(bytes[index], radix: 16, uppercase: false).leftPadded(to: 2)
                index += 1
            }
        }
        return out
    }

    private init(uncheckedBytes: [UInt8]) {
        bytes = uncheckedBytes
    }

    /// The length of the UTF-8 sequence its lead byte announces, or 0 for a byte that cannot lead.
    private static func utf8Length(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length = switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
        return index + length <= bytes.count ? length : 0
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

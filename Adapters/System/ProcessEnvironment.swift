import Glibc

/// The process's arguments and environment. Arguments and variables are read as the bytes the
/// kernel gave (Swift's `CommandLine.arguments` would replace invalid UTF-8 with U+FFFD).
package enum ProcessEnvironment {
    /// One variable's value as bytes, nil when unset: read when asked, so a run reads only the
    /// few it needs.
    package static func variable(_ name: String) -> [UInt8]? {
        getenv(name).map { cBytes($0) }
    }

    /// Every variable, its value decoded as UTF-8 (invalid bytes replaced): for the parts that
    /// take the environment whole and only read text. Settings and paths read one variable at a
    /// time, as bytes (`variable`).
    package static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = cBytes(pointer)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return result
    }

    /// The arguments after the program's name, each as bytes.
    package static func arguments() -> [[UInt8]] {
        let count = Int(CommandLine.argc)
        guard count > 1 else { return [] }
        return (1..<count).map { index in CommandLine.unsafeArgv[index].map { cBytes($0) } ?? [] }
    }

    private static func cBytes(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
    }
}

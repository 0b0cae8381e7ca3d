import Glibc

/// The process's arguments and environment, read as the bytes the kernel gave (Swift's
/// `CommandLine.arguments` and `String(cString:)` would replace invalid UTF-8 with U+FFFD).
public enum ProcessEnvironment {
    /// Every variable, its value decoded as UTF-8 (invalid bytes replaced): for the parts that
    /// only read text. Paths and settings read `bytes()`.
    public static func current() -> [String: String] {
        bytes().mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// Every variable with its value as bytes.
    public static func bytes() -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = cBytes(pointer)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                result[String(decoding: bytes[..<equals], as: UTF8.self)] = Array(bytes[(equals + 1)...])
            }
            entry += 1
        }
        return result
    }

    /// The arguments after the program's name, each as bytes.
    public static func arguments() -> [[UInt8]] {
        let count = Int(CommandLine.argc)
        guard count > 1 else { return [] }
        return (1..<count).map { index in CommandLine.unsafeArgv[index].map { cBytes($0) } ?? [] }
    }

    private static func cBytes(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
    }
}

import Glibc
import LoansCore

/// A file named on the command line that could not be opened or read (exit 66).
public struct InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public var description: String { message }
}

/// Reads a whole input file (or standard input for `-`) into memory.
public enum InputFile {
    public static func read(_ path: String) throws(InputFileError) -> [UInt8] {
        if path == "-" { return try drain(STDIN_FILENO, path) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path) }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            throw InputFileError(message: "cannot read \(Quoted(path)): it is a folder")
        }
        return try drain(descriptor, path)
    }

    private static func drain(_ descriptor: Int32, _ path: String) throws(InputFileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func failure(_ path: String) -> InputFileError {
        InputFileError(message: "cannot read \(Quoted(path)): \(String(cString: strerror(errno)))")
    }
}

import Glibc
import LoansCore
import LoansInterchange

/// A file named on the command line that could not be opened or read (exit 66).
package struct InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String

    package var description: String { message }
}

/// An input document opened for reading — a file by its path's bytes, or standard input for
/// `-` — read a window at a time through `source`, never held whole. A regular file over
/// `LoanDocument.maximumBytes` is refused before anything is read; other inputs (standard input,
/// a pipe, a device) are refused by the reader once past the limit.
package final class InputFile {
    private let descriptor: Int32
    private let path: SystemPath
    private let owned: Bool

    /// Opens `path`: `InputFileError` when it cannot be opened or is a folder, `DocumentError`
    /// when it is a regular file larger than the limit.
    package init(_ path: SystemPath) throws {
        self.path = path
        if path.bytes == [UInt8(ascii: "-")] {
            descriptor = STDIN_FILENO
            owned = false
        } else {
            descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw InputFile.failure(path) }
            owned = true
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw InputFile.failure(path) }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            throw InputFileError(message: "cannot read \(Quoted(path)): it is a folder")
        }
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > LoanDocument.maximumBytes {
            throw DocumentError.tooLarge
        }
    }

    deinit {
        if owned { close(descriptor) }
    }

    /// The file's bytes, as the document reader asks for them.
    package var source: DocumentSource {
        DocumentSource { [self] buffer in
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                if count >= 0 { return count }
                guard errno == EINTR else { throw InputFile.failure(path) }
            }
        }
    }

    private static func failure(_ path: SystemPath) -> InputFileError {
        InputFileError(message: "cannot read \(Quoted(path)): \(String(cString: strerror(errno)))")
    }
}

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
    private let descriptor: FileDescriptor
    private let path: SystemPath
    private let owned: Bool

    /// Opens `path`: `InputFileError` when it cannot be opened or is a folder, `DocumentError`
    /// when it is a regular file larger than the limit.
    package init(_ path: SystemPath) throws {
        self.path = path
        if path.bytes == [UInt8(ascii: "-")] {
            descriptor = .standardInput
            owned = false
        } else {
            do {
                descriptor = try FileDescriptor.open(path, .readOnly)
            } catch {
                throw InputFile.failure(path, error)
            }
            owned = true
        }
        let status: FileStatus
        do {
            status = try descriptor.status()
        } catch {
            throw InputFile.failure(path, error)
        }
        guard status.kind != .folder else {
            throw InputFileError(message: "cannot read \(Quoted(path)): it is a folder")
        }
        if status.kind == .regular, status.size > LoanDocument.maximumBytes {
            throw DocumentError.tooLarge
        }
    }

    deinit {
        if owned { descriptor.close() }
    }

    /// The file's bytes, as the document reader asks for them.
    package var source: DocumentSource {
        DocumentSource { [self] buffer in
            do throws(Errno) {
                return try descriptor.read(into: buffer)
            } catch {
                throw InputFile.failure(path, error)
            }
        }
    }

    private static func failure(_ path: SystemPath, _ error: Errno) -> InputFileError {
        InputFileError(message: "cannot read \(Quoted(path)): \(error)")
    }
}

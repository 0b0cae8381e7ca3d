import Glibc
import LoansCore

/// Why an output file could not be written (the file itself is left as it was).
package struct OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// A file replaced whole in one step: written to a temporary file in the same folder, flushed to
/// disk, then renamed over the target, so a reader sees the old file or the new one, never half
/// of one. A symbolic link is followed to its target, which is replaced (the link stays). A new
/// file is 0600; an existing one keeps its mode. Until `commit`, the target is untouched.
package final class AtomicFile {
    /// The file that is replaced (the path given, or the target of its links).
    package let target: String
    private let temporary: String
    private var descriptor: Int32

    package init(replacing path: String) throws(OutputFileError) {
        let target = try AtomicFile.resolve(path)
        self.target = target
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array(((folder.isEmpty ? "" : folder) + "/." + name + ".XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { throw AtomicFile.failure("cannot write \(Quoted(path))", errno) }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        descriptor = made
        temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var info = stat()
        if stat(target, &info) == 0 {
            fchmod(descriptor, info.st_mode & 0o7777)
        } else {
            fchmod(descriptor, 0o600)
        }
    }

    deinit {
        discard()
    }

    /// Appends bytes to the new copy.
    package func write(_ bytes: [UInt8]) throws(OutputFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.failure("cannot write \(Quoted(target))", errno)
            }
            offset += written
        }
    }

    /// Flushes the new copy to disk and puts it in place of the target.
    package func commit() throws(OutputFileError) {
        guard descriptor >= 0 else { return }
        guard fsync(descriptor) == 0 else { throw AtomicFile.failure("cannot write \(Quoted(target))", errno) }
        close(descriptor)
        descriptor = -1
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw AtomicFile.failure("cannot replace \(Quoted(target))", code)
        }
        let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let directory = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Drops the new copy; the target stays as it was.
    package func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
    }

    /// The path a write to `path` lands on: links followed (relative ones from their folder).
    static func resolve(_ path: String) throws(OutputFileError) -> String {
        guard !path.isEmpty else { throw OutputFileError(message: "the output path is empty") }
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw failure("cannot follow the link \(Quoted(current))", errno) }
            let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                current = (current.lastIndex(of: "/").map { String(current[...$0]) } ?? "") + link
            }
        }
        throw failure("cannot follow the link \(Quoted(path))", ELOOP)
    }

    private static func failure(_ message: String, _ code: Int32) -> OutputFileError {
        OutputFileError(message: "\(message): \(String(cString: strerror(code)))")
    }
}

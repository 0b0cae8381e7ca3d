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
/// file is 0600; an existing one keeps its mode. Until `commit`, the target is untouched. Paths
/// are bytes (`SystemPath`), as given.
package final class AtomicFile {
    /// The file that is replaced (the path given, or the target of its links).
    package let target: SystemPath
    private let temporary: SystemPath
    private var descriptor: FileDescriptor?

    package init(replacing path: SystemPath) throws(OutputFileError) {
        let target = try AtomicFile.resolve(path)
        self.target = target
        let (folder, name) = AtomicFile.split(target)
        var template = (folder.bytes + Array("/.".utf8) + name + Array(".XXXXXX".utf8)).map { CChar(bitPattern: $0) } + [0]
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { throw AtomicFile.failure("cannot write \(Quoted(path))", .current) }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        let descriptor = FileDescriptor(rawValue: made)
        self.descriptor = descriptor
        temporary = SystemPath(bytes: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })!
        try? descriptor.setPermissions((try? FileStatus(target))?.permissions ?? 0o600)
    }

    deinit {
        discard()
    }

    /// Appends bytes to the new copy.
    package func write(_ bytes: [UInt8]) throws(OutputFileError) {
        do {
            try descriptor?.writeAll(bytes)
        } catch {
            throw AtomicFile.failure("cannot write \(Quoted(target))", error)
        }
    }

    /// Flushes the new copy to disk and puts it in place of the target.
    package func commit() throws(OutputFileError) {
        guard let descriptor else { return }
        do {
            try descriptor.sync()
        } catch {
            throw AtomicFile.failure("cannot write \(Quoted(target))", error)
        }
        descriptor.close()
        self.descriptor = nil
        let moved = temporary.withCString { from in target.withCString { rename(from, $0) } }
        guard moved == 0 else {
            let error = Errno.current
            _ = temporary.withCString { unlink($0) }
            throw AtomicFile.failure("cannot replace \(Quoted(target))", error)
        }
        if let folder = try? FileDescriptor.open(AtomicFile.split(target).folder, .readOnly, options: .folder) {
            try? folder.sync()
            folder.close()
        }
    }

    /// Drops the new copy; the target stays as it was.
    package func discard() {
        guard let descriptor else { return }
        descriptor.close()
        self.descriptor = nil
        _ = temporary.withCString { unlink($0) }
    }

    /// The path a write to `path` lands on: links followed (relative ones from their folder).
    static func resolve(_ path: SystemPath) throws(OutputFileError) -> SystemPath {
        var current = path
        for _ in 0..<40 {
            guard (try? FileStatus(current, followingLinks: false))?.kind == .symbolicLink else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = current.withCString { readlink($0, &buffer, buffer.count - 1) }
            guard length > 0, let link = SystemPath(bytes: buffer[0..<length].map { UInt8(bitPattern: $0) }) else {
                throw failure("cannot follow the link \(Quoted(current))", .current)
            }
            if link.bytes.first == UInt8(ascii: "/") {
                current = link
            } else {
                let slash = current.bytes.lastIndex(of: UInt8(ascii: "/"))
                current = SystemPath(bytes: (slash.map { current.bytes[...$0] } ?? []) + link.bytes)!
            }
        }
        throw failure("cannot follow the link \(Quoted(path))", .tooManyLinks)
    }

    /// The folder a file is in (`/` at the root, `.` for a bare name) and its last name.
    private static func split(_ path: SystemPath) -> (folder: SystemPath, name: [UInt8]) {
        guard let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")) else { return (SystemPath(".")!, path.bytes) }
        return (path.parent ?? SystemPath("/")!, Array(path.bytes[(slash + 1)...]))
    }

    private static func failure(_ message: String, _ error: Errno) -> OutputFileError {
        OutputFileError(message: "\(message): \(error)")
    }
}

import Glibc
import LoansCore

/// Why an output file could not be written (the file itself is left as it was).
package struct OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// A file replaced whole in one step: written to a temporary file in the same folder, flushed to
/// disk, then renamed over the target, so a reader sees the old file or the new one, never half
/// of one. Until `commit`, the target is untouched; the temporary file is removed however the
/// run ends (`RunCleanup`: also on a signal). Paths are bytes (`SystemPath`), as given.
///
/// What it writes to (`OutputTarget`): a symbolic link is followed to its target (the link
/// stays) only where the kernel itself would follow it — never a link another user made in a
/// sticky folder anyone can write to, such as /tmp; anything but a regular file there (a FIFO, a
/// device, a folder) is refused. A new file is 0600; an existing one keeps its read bits and its
/// owner's write bit, never set-id bits or other people's write bits.
package final class AtomicFile {
    /// The file that is replaced (the path given, or the target of its links).
    package let target: SystemPath
    private let temporary: SystemPath
    private var descriptor: FileDescriptor?

    package init(replacing path: SystemPath) throws(OutputFileError) {
        let target = try OutputTarget(path)
        self.target = target.path
        let (folder, name) = AtomicFile.split(target.path)
        let made: (FileDescriptor, SystemPath)
        do {
            made = try RunCleanup.withEndingSignalsBlocked { () throws(Errno) in
                let made = try SystemPath(bytes: folder.bytes + Array("/.".utf8) + name + Array(".".utf8))!.makeTemporaryFile()
                RunCleanup.register(files: [made.1])
                return made
            }
        } catch {
            throw OutputTarget.failure("cannot write \(Quoted(path))", error)
        }
        (descriptor, temporary) = (made.0, made.1)
        try? made.0.setPermissions(target.permissions)
    }

    deinit {
        discard()
    }

    /// Appends bytes to the new copy.
    package func write(_ bytes: [UInt8]) throws(OutputFileError) {
        do {
            try descriptor?.writeAll(bytes)
        } catch {
            throw OutputTarget.failure("cannot write \(Quoted(target))", error)
        }
    }

    /// Flushes the new copy to disk and puts it in place of the target.
    package func commit() throws(OutputFileError) {
        guard let descriptor else { return }
        do {
            try descriptor.sync()
        } catch {
            throw OutputTarget.failure("cannot write \(Quoted(target))", error)
        }
        descriptor.close()
        self.descriptor = nil
        do {
            try temporary.move(to: target)
            RunCleanup.forget(files: [temporary])
        } catch {
            removeTemporary()
            throw OutputTarget.failure("cannot replace \(Quoted(target))", error)
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
        removeTemporary()
    }

    private func removeTemporary() {
        RunCleanup.remove(files: [temporary])
    }

    /// The folder a file is in (`/` at the root, `.` for a bare name) and its last name.
    static func split(_ path: SystemPath) -> (folder: SystemPath, name: [UInt8]) {
        guard let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")) else { return (SystemPath(".")!, path.bytes) }
        return (path.parent ?? SystemPath("/")!, Array(path.bytes[(slash + 1)...]))
    }
}

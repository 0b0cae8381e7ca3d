import Glibc
import LoansCore

/// Where a write to an output path lands, checked before anything is written: the path with its
/// symbolic links followed (relative ones from their folder) as the kernel would follow them,
/// and the permissions the new file gets.
///
/// loans follows the links itself (it replaces the file they lead to, not the link), so the
/// kernel's `protected_symlinks` rule never gets to apply; it is applied here, always: a link in
/// a sticky folder that anyone can write to (/tmp) is followed only when it is the user's own or
/// the folder owner's — never one another user planted there to make loans overwrite a file of
/// the user's choosing. What the path leads to must be a regular file or nothing yet: a FIFO, a
/// device or a folder is refused, never replaced. An existing file's mode is kept without set-id
/// or sticky bits, execute bits, or write bits for anyone but the owner (`0o644` at most); a new
/// file is private (0600).
struct OutputTarget {
    /// The file replaced: the path given or the end of its links.
    let path: SystemPath
    /// The permissions the new file gets.
    let permissions: mode_t

    /// The bits an existing file's mode may pass on to the feed that replaces it.
    static let keptPermissions: mode_t = 0o644

    /// How many links are followed before giving up (the kernel's own limit).
    private static let linkLimit = 40

    init(_ given: SystemPath) throws(OutputFileError) {
        var current = given
        for _ in 0..<OutputTarget.linkLimit {
            // A path that cannot be looked at (missing, or in a folder that cannot be read) is
            // written as a new file; making the temporary file beside it says what is wrong.
            guard let status = try? FileStatus(current, followingLinks: false) else {
                (path, permissions) = (current, 0o600)
                return
            }
            switch status.kind {
            case .regular:
                (path, permissions) = (current, status.permissions & OutputTarget.keptPermissions)
                return
            case .symbolicLink:
                try OutputTarget.checkFollowing(current, status, given: given)
                current = try OutputTarget.next(after: current, given: given)
            case .folder:
                throw OutputFileError(message: "cannot write \(Quoted(given)): \(OutputTarget.named(current, given)) a folder; it was left as it was")
            case .other:
                throw OutputFileError(
                    message: "cannot write \(Quoted(given)): \(OutputTarget.named(current, given)) not a regular file (a FIFO, a device or a socket); it was left as it was"
                )
            }
        }
        throw OutputTarget.failure("cannot follow the link \(Quoted(given))", .tooManyLinks)
    }

    /// Refuses a link the kernel's `protected_symlinks` would not follow: in a folder that is
    /// sticky and writable by anyone, made by neither this user nor the folder's owner.
    private static func checkFollowing(_ link: SystemPath, _ status: FileStatus, given: SystemPath) throws(OutputFileError) {
        guard status.owner != geteuid() else { return }
        guard let folder = try? FileStatus(link.parent ?? SystemPath(".")!) else { return }
        let stickyAndOpen: mode_t = S_ISVTX | S_IWOTH
        guard folder.permissions & stickyAndOpen == stickyAndOpen, folder.owner != status.owner else { return }
        throw OutputFileError(
            message: "cannot write \(Quoted(given)): \(named(link, given)) a link another user made in a folder anyone can write to; it was not followed (write the feed in a folder of your own)"
        )
    }

    /// Where the link at `link` leads: its target, from the link's folder when relative.
    private static func next(after link: SystemPath, given: SystemPath) throws(OutputFileError) -> SystemPath {
        let target: SystemPath
        do {
            target = try link.linkTarget()
        } catch {
            throw failure("cannot follow the link \(Quoted(link))", error)
        }
        guard target.bytes.first != UInt8(ascii: "/"), let slash = link.bytes.lastIndex(of: UInt8(ascii: "/")) else { return target }
        return SystemPath(bytes: link.bytes[...slash] + target.bytes)!
    }

    /// "it is" for the path given, "its link leads to "x", which is" for a file links lead to.
    private static func named(_ path: SystemPath, _ given: SystemPath) -> String {
        path == given ? "it is" : "its link leads to \(Quoted(path)), which is"
    }

    static func failure(_ message: String, _ error: Errno) -> OutputFileError {
        OutputFileError(message: "\(message): \(error)")
    }
}

import CLinux
import Glibc

/// The calls loans makes on files and folders by their path — remove, move, link, make, read a
/// link, make a private temporary file or folder — each throwing an `Errno` when it fails, as
/// `FileDescriptor`'s do on an open file.
extension SystemPath {
    /// Removes the file (or link) at the path (`unlink`).
    package func removeFile() throws(Errno) {
        _ = try valueOrErrno { withCString { unlink($0) } }.get()
    }

    /// Removes the folder at the path, which must be empty (`rmdir`).
    package func removeFolder() throws(Errno) {
        _ = try valueOrErrno { withCString { rmdir($0) } }.get()
    }

    /// Moves the file to `target`, replacing what is there in one step (`rename`).
    package func move(to target: SystemPath) throws(Errno) {
        _ = try valueOrErrno { withCString { from in target.withCString { rename(from, $0) } } }.get()
    }

    /// Moves the file to `target` only when nothing is there, in one step
    /// (`renameat2(RENAME_NOREPLACE)`): EEXIST when something is; EINVAL or ENOSYS where the
    /// file system or kernel cannot.
    package func moveWithoutReplacing(to target: SystemPath) throws(Errno) {
        _ = try valueOrErrno { withCString { from in target.withCString { loans_rename_noreplace(from, $0) } } }.get()
    }

    /// Gives the file a second name, `target`, which must not exist (`link`: never replaces).
    package func link(as target: SystemPath) throws(Errno) {
        _ = try valueOrErrno { withCString { from in target.withCString { Glibc.link(from, $0) } } }.get()
    }

    /// Makes a folder at the path with `permissions`, then sets them whatever the umask.
    package func makeFolder(permissions: mode_t) throws(Errno) {
        _ = try valueOrErrno { withCString { mkdir($0, permissions) } }.get()
        _ = try valueOrErrno { withCString { chmod($0, permissions) } }.get()
    }

    /// What the symbolic link at the path points to, as written in it (`readlink`).
    package func linkTarget() throws(Errno) -> SystemPath {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = try valueOrErrno { withCString { readlink($0, &buffer, buffer.count - 1) } }.get()
        guard let target = SystemPath(bytes: buffer[0..<length].map { UInt8(bitPattern: $0) }) else { throw .noSuchFile }
        return target
    }

    /// The running program's file (what `/proc/self/exe` points to); nil when it cannot be told.
    package static var runningProgram: SystemPath? {
        try? SystemPath("/proc/self/exe")!.linkTarget()
    }

    /// The process's current folder (`getcwd`); nil when it cannot be told (removed meanwhile).
    package static var currentFolder: SystemPath? {
        var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&folder, folder.count) != nil else { return nil }
        return SystemPath(bytes: folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    }

    /// Whether this process may create and remove files in the folder at the path.
    package var isWritableFolder: Bool {
        withCString { access($0, W_OK) } == 0
    }

    /// Makes a new, empty file named the path followed by six random characters (`mkstemp`),
    /// 0600 whatever the umask and closed on exec: its open descriptor and its name.
    package func makeTemporaryFile() throws(Errno) -> (FileDescriptor, SystemPath) {
        var template = appending("XXXXXX").bytes.map { CChar(bitPattern: $0) } + [0]
        let number = try valueOrErrno { template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) } }.get()
        _ = fcntl(number, F_SETFD, FD_CLOEXEC)
        let descriptor = FileDescriptor(rawValue: number)
        try? descriptor.setPermissions(0o600)
        return (descriptor, SystemPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })!)
    }

    /// Makes a new, private (0700) folder named the path followed by six random characters
    /// (`mkdtemp`): its name.
    package func makeTemporaryFolder() throws(Errno) -> SystemPath {
        var template = appending("XXXXXX").bytes.map { CChar(bitPattern: $0) } + [0]
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else { throw .current }
        return SystemPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })!
    }
}

import Glibc

/// An error number of the C library (`errno`) as a value: it words itself as `strerror` does
/// ("No such file or directory"), so a message reads `cannot read "x": No such file or
/// directory`, and the numbers loans tells apart have names.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's `errno` now.
    package static var current: Errno { Errno(rawValue: errno) }

    /// A signal's handler ran while the call waited (EINTR).
    package static let interrupted = Errno(rawValue: EINTR)
    /// The call would have had to wait on a descriptor opened not to (EAGAIN).
    package static let wouldBlock = Errno(rawValue: EAGAIN)
    /// No file or folder has that name (ENOENT).
    package static let noSuchFile = Errno(rawValue: ENOENT)
    /// The file is there already (an exclusive create).
    package static let exists = Errno(rawValue: EEXIST)
    /// A part of the path that should be a folder is not one (ENOTDIR).
    package static let notAFolder = Errno(rawValue: ENOTDIR)
    /// A folder where a file was meant (EISDIR).
    package static let isAFolder = Errno(rawValue: EISDIR)
    /// Not allowed (EACCES).
    package static let permissionDenied = Errno(rawValue: EACCES)
    /// Too many symbolic links on the way (ELOOP).
    package static let tooManyLinks = Errno(rawValue: ELOOP)
    /// The kernel's limit of something per user was reached (ENOSPC from inotify: watches).
    package static let noSpace = Errno(rawValue: ENOSPC)
    /// An argument the call cannot take, such as a flag the file system does not know (EINVAL).
    package static let invalidArgument = Errno(rawValue: EINVAL)
    /// The kernel does not have the call (ENOSYS).
    package static let notImplemented = Errno(rawValue: ENOSYS)
    /// The kernel had no memory for it (ENOMEM).
    package static let noMemory = Errno(rawValue: ENOMEM)

    package var description: String { String(cString: strerror(rawValue)) }
}

/// Makes a system call that returns -1 and sets `errno` when it fails: its value, or the error.
/// A call a signal interrupted (EINTR) is made again unless `retryOnInterrupt` is false — this
/// is the one place loans retries a call for that; a wait that must shorten its timeout after a
/// signal asks not to be retried and decides itself.
package func valueOrErrno<Value: FixedWidthInteger>(retryOnInterrupt: Bool = true, _ call: () -> Value) -> Result<Value, Errno> {
    while true {
        let value = call()
        if value != -1 { return .success(value) }
        let error = Errno.current
        if retryOnInterrupt, error == .interrupted { continue }
        return .failure(error)
    }
}

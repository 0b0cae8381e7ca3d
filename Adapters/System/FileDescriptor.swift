import Glibc

/// An open file descriptor, as swift-system models one: a value naming the number, with the
/// calls loans makes on it. Each call that can fail throws an `Errno`; one that a signal
/// interrupts is made again (`valueOrErrno`), so no caller writes an EINTR loop. Closing is
/// explicit: the owner of the number closes it, once.
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    package static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    package static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    package static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// How a file is opened: for reading, writing or both.
    package enum AccessMode: Sendable {
        case readOnly, writeOnly, readWrite

        var flags: Int32 {
            switch self {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .readWrite: O_RDWR
            }
        }
    }

    /// What else `open` is asked to do.
    package struct OpenOptions: OptionSet, Sendable {
        package let rawValue: Int32

        package init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// Make the file when it is missing (with the permissions given).
        package static let create = OpenOptions(rawValue: O_CREAT)
        /// With `create`: fail with `Errno.exists` when the file is there already.
        package static let exclusive = OpenOptions(rawValue: O_EXCL)
        /// Never pass the descriptor on to a program started later.
        package static let closeOnExec = OpenOptions(rawValue: O_CLOEXEC)
        /// Never wait: on opening (a FIFO with no writer) or on reading.
        package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
        /// A terminal opened does not become the process's controlling terminal.
        package static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
        /// Refuse a symbolic link as the last part of the path.
        package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
        /// Refuse anything but a folder.
        package static let folder = OpenOptions(rawValue: O_DIRECTORY)
    }

    /// Opens `path`; close-on-exec is always added, so no program loans starts inherits it.
    package static func open(
        _ path: SystemPath, _ mode: AccessMode, options: OpenOptions = [], permissions: mode_t = 0o600
    ) throws(Errno) -> FileDescriptor {
        let flags = mode.flags | options.union(.closeOnExec).rawValue
        let number = try valueOrErrno { path.withCString { Glibc.open($0, flags, permissions) } }.get()
        return FileDescriptor(rawValue: number)
    }

    /// Reads what is there into `buffer`, up to its size: the count read, 0 at the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try valueOrErrno { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }.get()
    }

    /// One write of `bytes`, which may take only a part of them: the count written.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try valueOrErrno { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }.get()
    }

    /// Writes every one of `bytes`, as many writes as it takes.
    package func writeAll(_ bytes: some Collection<UInt8>) throws(Errno) {
        let all = Array(bytes)
        var offset = 0
        while offset < all.count {
            offset += try all.withUnsafeBytes { whole in
                Result { () throws(Errno) in try write(UnsafeRawBufferPointer(rebasing: whole[offset...])) }
            }.get()
        }
    }

    /// What `fstat` says about the open file.
    package func status() throws(Errno) -> FileStatus {
        var info = stat()
        _ = try valueOrErrno { fstat(rawValue, &info) }.get()
        return FileStatus(info)
    }

    /// Sets the file's permission bits.
    package func setPermissions(_ permissions: mode_t) throws(Errno) {
        _ = try valueOrErrno { fchmod(rawValue, permissions) }.get()
    }

    /// Flushes the file's data to the disk.
    package func sync() throws(Errno) {
        _ = try valueOrErrno { fsync(rawValue) }.get()
    }

    /// Takes the exclusive advisory lock (`flock`) when it is free: false when another open file
    /// holds it, without waiting.
    package func tryLockExclusively() throws(Errno) -> Bool {
        switch valueOrErrno({ flock(rawValue, LOCK_EX | LOCK_NB) }) {
        case .success: return true
        case .failure(let error) where error == .wouldBlock: return false
        case .failure(let error): throw error
        }
    }

    /// Reads what is there from `offset` on into `buffer`, without moving the file's offset.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Errno) -> Int {
        try valueOrErrno { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }.get()
    }

    /// Writes `bytes` at `offset`, without moving the file's offset: the count written.
    package func write(_ bytes: [UInt8], at offset: Int) throws(Errno) -> Int {
        try valueOrErrno { pwrite(rawValue, bytes, bytes.count, off_t(offset)) }.get()
    }

    /// Cuts the file to `size` bytes.
    package func truncate(to size: Int) throws(Errno) {
        _ = try valueOrErrno { ftruncate(rawValue, off_t(size)) }.get()
    }

    /// Gives the file another owner and group (`fchown`); `nil` keeps that one as it is.
    package func changeOwner(user: uid_t?, group: gid_t?) throws(Errno) {
        _ = try valueOrErrno { fchown(rawValue, user ?? uid_t.max, group ?? gid_t.max) }.get()
    }

    /// Makes reads and writes return `Errno.wouldBlock` instead of waiting.
    package func setNonBlocking() throws(Errno) {
        let flags = try valueOrErrno { fcntl(rawValue, F_GETFL) }.get()
        _ = try valueOrErrno { fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) }.get()
    }

    /// Whether it is a terminal.
    package var isTerminal: Bool { isatty(rawValue) == 1 }

    /// Closes the descriptor. A failure is not reported: the number is gone either way, and
    /// closing again could close a descriptor someone else has opened since.
    package func close() {
        _ = Glibc.close(rawValue)
    }
}

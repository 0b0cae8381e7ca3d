import Glibc

/// What `stat` says about a file, as a value: its kind, permissions, owner, identity (device
/// and inode), size and modification time. Made from a path (`stat`, or `lstat` to look at a
/// link itself) or from an open descriptor (`FileDescriptor.status`).
package struct FileStatus: Hashable, Sendable {
    /// What kind of file it is.
    package enum Kind: Hashable, Sendable {
        case regular, folder, symbolicLink, other
    }

    /// A modification time, to the nanosecond the file system keeps.
    package struct Instant: Hashable, Sendable {
        package let seconds: Int
        package let nanoseconds: Int
    }

    package let kind: Kind
    /// The permission bits of the mode (`0o7777`: set-id and sticky bits too).
    package let permissions: mode_t
    package let owner: uid_t
    package let group: gid_t
    package let device: UInt64
    package let inode: UInt64
    package let size: Int
    package let modified: Instant

    /// Whether anyone but the owner (the file's group, others) may read, write or run it.
    package var othersMayAccess: Bool { permissions & (S_IRWXG | S_IRWXO) != 0 }

    init(_ info: stat) {
        kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .folder
        case S_IFLNK: .symbolicLink
        default: .other
        }
        permissions = info.st_mode & 0o7777
        owner = info.st_uid
        group = info.st_gid
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = Instant(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// The file at `path`, through symbolic links unless `followingLinks` is false (then a link
    /// is described itself).
    package init(_ path: SystemPath, followingLinks: Bool = true) throws(Errno) {
        var info = stat()
        _ = try valueOrErrno { path.withCString { followingLinks ? stat($0, &info) : lstat($0, &info) } }.get()
        self.init(info)
    }
}

extension SystemPath {
    /// The path with every symbolic link followed and `.`/`..` gone (`realpath`): the name the
    /// file itself has, so two paths to one file give one answer.
    package func resolvingLinks() throws(Errno) -> SystemPath {
        guard let resolved = withCString({ realpath($0, nil) }) else { throw Errno.current }
        defer { free(resolved) }
        return SystemPath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))!
    }
}

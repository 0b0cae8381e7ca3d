import Glibc

/// Notices that another process changed the database by comparing the stat signature (inode,
/// size, modification time) of the file and its `-wal` companion: two `stat` calls per poll,
/// cheap enough to run once a second.
public struct ChangeWatcher {
    private let paths: [String]
    private var last: [Signature]

    struct Signature: Equatable {
        var inode: UInt = 0
        var size: Int = -1
        var seconds: Int = 0
        var nanoseconds: Int = 0
    }

    public init(databasePath: String) {
        paths = [databasePath, databasePath + "-wal"]
        last = paths.map(ChangeWatcher.signature)
    }

    /// True when either file differs from the last poll (or from when the watcher was made).
    public mutating func poll() -> Bool {
        let now = paths.map(ChangeWatcher.signature)
        defer { last = now }
        return now != last
    }

    private static func signature(_ path: String) -> Signature {
        var info = stat()
        guard stat(path, &info) == 0 else { return Signature() }
        return Signature(
            inode: UInt(info.st_ino), size: Int(info.st_size),
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec)
        )
    }
}

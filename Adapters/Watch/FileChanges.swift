import LoansCore
import LoansWake

/// The SQLite engine's part of the wake loop, and the fixture's: inotify on the database and its
/// `-wal` (or the fixture document) tells of a write, a file made, replaced or removed
/// (`FileWatches`). When the database file itself is no longer the one of the last look — it
/// appeared or went away, became another file (a new inode), or an empty file got its first
/// bytes — the store was replaced: a connection opened before reads the old file. A document that
/// is read whole (a fixture) is replaced by every change. Where the kernel refuses inotify or a
/// watch, the files are compared once a second instead.
package final class FileChanges: WakeSource {
    /// How often the files are compared when inotify is not available.
    static let fallbackMilliseconds = 1000

    private let watches: FileWatches
    private let data: [SystemPath]
    private let files: [SystemPath]
    private let readWhole: Bool
    private var identities: [FileIdentity?]
    private var statuses: [FileStatus?]
    /// When the files are next compared, while inotify does not cover them.
    private var nextComparison: Int?

    /// Watches `data` files (a database, or a fixture document when `readWhole`) and their
    /// `companions` (the `-wal`, changed by writes only).
    package init(data: [SystemPath], companions: [SystemPath], readWhole: Bool = false) {
        watches = FileWatches(data: data, companions: companions, zoneFile: nil)
        self.data = data
        files = data + companions
        self.readWhole = readWhole
        identities = data.map(FileIdentity.init)
        statuses = files.map { try? FileStatus($0) }
    }

    package func interest(now: Int) -> WakeInterest {
        if watches.complete { nextComparison = nil } else if nextComparison == nil { nextComparison = now }
        return WakeInterest(watches.descriptor.map { [($0, .readable)] } ?? [], askAgainAt: nextComparison)
    }

    package func handle(_ ready: Readiness, now: Int) -> WakeNews {
        var changed = ready.isReady(watches.descriptor) && watches.drain().dataChanged
        if let due = nextComparison, due <= now {
            let current = files.map { try? FileStatus($0) }
            changed = changed || current != statuses
            statuses = current
            watches.arm()
            nextComparison = now + FileChanges.fallbackMilliseconds
        }
        guard changed else { return .nothing }
        let current = data.map(FileIdentity.init)
        defer { identities = current }
        return readWhole || current != identities ? .replaced : .changed
    }
}

/// Which file a path names, as far as a connection opened on it can tell: the device and inode,
/// and whether it is empty (a fresh file, which reads as no database yet). Nil when no file is
/// there.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let empty: Bool

    init?(_ path: SystemPath) {
        guard let status = try? FileStatus(path) else { return nil }
        device = status.device
        inode = status.inode
        empty = status.size == 0
    }
}

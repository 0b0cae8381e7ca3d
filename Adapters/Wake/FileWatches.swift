import Glibc
import LoansSystem

/// inotify for the wake loop — on a SQLite database's files (`FileChanges`) and on the zone file
/// (`DayWatch`): which files and folders are watched for what, and what a batch of events means. A data file (the database, or a fixture) is watched for modify
/// and close-write; a companion (the database's `-wal`) for modify only — SQLite opens the `-wal`
/// read-write even for a read-only connection, so its close-write would wake a watcher after each
/// of its own reads. Their folder is watched for those names being created, moved or deleted
/// (other names, `-shm` among them, never count; a companion appearing or going away only moves
/// the watches); a missing folder's nearest existing ancestor for the next folder being made.
/// The zone file (`/etc/localtime`, usually a link) is watched itself — replaced, removed or
/// written — and through the link, never through its folder, so other changes in `/etc` wake
/// nobody; only when it is missing is its folder watched for it to appear.
package final class FileWatches {
    /// What a batch of events meant.
    package struct Outcome {
        /// A watched file was written, or a data file appeared, was replaced or went away.
        package var dataChanged = false
        /// The zone file changed: the local day may have moved.
        package var zoneChanged = false
    }

    private enum Subject { case data, companion, zone }

    /// What one watch is for: a file, or a folder and the names in it that count.
    private struct Role {
        let subject: Subject
        /// For a folder: the names (bytes) whose appearance or loss counts, each with its subject.
        let names: [[UInt8]: Subject]?
    }

    /// The inotify descriptor, or nil when the kernel refused one (the watcher then polls).
    package let descriptor: FileDescriptor?
    private let files: [(path: SystemPath, subject: Subject)]
    private var roles: [Int32: [Role]] = [:]
    /// Whether a companion appeared in the events being drained.
    private var appeared = false
    /// False when a watch could not be added (the kernel's limit on watches): the watcher then polls.
    package private(set) var complete = true

    private static let fileMask = UInt32(IN_MODIFY | IN_CLOSE_WRITE)
    private static let companionMask = UInt32(IN_MODIFY)
    private static let folderMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    private static let ancestorMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    private static let zoneMask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches `data` files (whose change changes the answer), their `companions` (changed by
    /// writes only), and the `zoneFile` when given.
    package init(data: [SystemPath], companions: [SystemPath], zoneFile: SystemPath?) {
        files = data.map { ($0, .data) } + companions.map { ($0, .companion) } + (zoneFile.map { [($0, .zone)] } ?? [])
        let number = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        descriptor = number >= 0 ? FileDescriptor(rawValue: number) : nil
        arm()
    }

    deinit {
        descriptor?.close()
    }

    /// Adds the watches the files' current layout needs and removes those it no longer needs.
    package func arm() {
        guard let descriptor else { return complete = false }
        var wanted: [WatchKey: (mask: UInt32, roles: [Role])] = [:]
        func want(_ path: SystemPath, follow: Bool = true, _ mask: UInt32, _ role: Role) {
            let key = WatchKey(path: path, follow: follow)
            wanted[key, default: (0, [])].mask |= mask
            wanted[key, default: (0, [])].roles.append(role)
        }
        var folders: [SystemPath: [[UInt8]: Subject]] = [:]
        for (path, subject) in files {
            if subject == .zone, let link = try? FileStatus(path, followingLinks: false) {
                want(path, follow: false, FileWatches.zoneMask, Role(subject: .zone, names: nil))
                if link.kind == .symbolicLink, FileWatches.exists(path) { want(path, FileWatches.zoneMask, Role(subject: .zone, names: nil)) }
                continue
            }
            let (folder, name) = FileWatches.split(path)
            folders[folder, default: [:]][name] = subject
            if FileWatches.exists(path) {
                want(path, subject == .companion ? FileWatches.companionMask : FileWatches.fileMask, Role(subject: subject, names: nil))
            }
        }
        for (folder, names) in folders {
            if FileWatches.isFolder(folder) {
                want(folder, FileWatches.folderMask, Role(subject: .data, names: names))
            } else if let (ancestor, next) = FileWatches.nearestAncestor(of: folder) {
                let subject: Subject = names.values.contains(.data) ? .data : .zone
                want(ancestor, FileWatches.ancestorMask, Role(subject: subject, names: [next: subject]))
            }
        }
        var armed: [Int32: [Role]] = [:]
        complete = true
        for (key, watch) in wanted {
            let added = valueOrErrno {
                key.path.withCString { inotify_add_watch(descriptor.rawValue, $0, watch.mask | (key.follow ? 0 : UInt32(IN_DONT_FOLLOW))) }
            }
            switch added {
            case .success(let wd): armed[wd, default: []] += watch.roles
            case .failure(let error) where error == .noSpace || error == .noMemory: complete = false
            case .failure: break
            }
        }
        for wd in roles.keys where armed[wd] == nil { inotify_rm_watch(descriptor.rawValue, wd) }
        roles = armed
    }

    /// Reads every pending event and says what they meant, re-arming when the files' layout
    /// changed (a file made, replaced or removed, a folder made or gone).
    package func drain() -> Outcome {
        var outcome = Outcome()
        var rearm = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while let descriptor {
            guard let count = try? buffer.withUnsafeMutableBytes({ try descriptor.read(into: $0) }), count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let name = Array(buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 })
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    (outcome.dataChanged, outcome.zoneChanged, rearm) = (true, true, true)
                    continue
                }
                guard mask & UInt32(IN_IGNORED) == 0 else { continue }
                for role in roles[wd] ?? [] {
                    note(mask: mask, name: name, role: role, outcome: &outcome, rearm: &rearm)
                }
            }
        }
        if rearm {
            arm()
            // A companion made and written before its watch was added: its size tells.
            if appeared, files.contains(where: { $0.subject == .companion && FileWatches.size($0.path) > 0 }) {
                outcome.dataChanged = true
            }
        }
        appeared = false
        return outcome
    }

    private func note(mask: UInt32, name: [UInt8], role: Role, outcome: inout Outcome, rearm: inout Bool) {
        func record(_ subject: Subject) {
            switch subject {
            case .data: outcome.dataChanged = true
            case .companion: break
            case .zone: outcome.zoneChanged = true
            }
        }
        guard let names = role.names else {
            guard role.subject == .zone else { return outcome.dataChanged = true }
            outcome.zoneChanged = true
            rearm = rearm || mask & UInt32(IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF) != 0
            return
        }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            rearm = true
            for subject in names.values { record(subject) }
        } else if let subject = names[name] {
            rearm = true
            record(subject)
            if subject == .companion, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { appeared = true }
        }
    }

    /// A path watched as itself (`follow` false: a link, not its target) or through links.
    private struct WatchKey: Hashable {
        let path: SystemPath
        let follow: Bool
    }

    private static let root = SystemPath("/")!
    private static let here = SystemPath(".")!

    /// The folder (`.` for a bare name) and the last name of a path, as bytes.
    private static func split(_ path: SystemPath) -> (folder: SystemPath, name: [UInt8]) {
        guard let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")) else { return (here, path.bytes) }
        return (path.parent ?? root, Array(path.bytes[(slash + 1)...]))
    }

    private static func exists(_ path: SystemPath) -> Bool {
        (try? FileStatus(path)) != nil
    }

    private static func size(_ path: SystemPath) -> Int {
        (try? FileStatus(path))?.size ?? 0
    }

    private static func isFolder(_ path: SystemPath) -> Bool {
        (try? FileStatus(path))?.kind == .folder
    }

    /// The deepest folder above `folder` that exists, and the name of the next one down.
    private static func nearestAncestor(of folder: SystemPath) -> (SystemPath, [UInt8])? {
        var (parent, next) = split(folder)
        while !isFolder(parent) {
            guard parent != root, parent != here else { return nil }
            (parent, next) = split(parent)
        }
        return (parent, next)
    }
}

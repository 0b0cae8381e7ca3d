import Glibc
import LoansCore

/// An exclusive lock across processes on one database file, for runs that hold it across work
/// done outside any transaction (`loans remind`): `flock(LOCK_EX)` on a lock file beside the
/// file the database's path resolves to — every link followed, as SQLite does for its `-wal` —
/// so one database reached by two paths has one lock. The kernel keeps the lock for the open
/// file: released when the descriptor closes, also when the process dies, and never while the
/// process lives (one stopped with Ctrl-Z keeps it until it goes on or ends). The descriptor is
/// close-on-exec, so a program started meanwhile never inherits the lock.
///
/// The lock file is made with the database's owner and group and the write classes of its mode
/// (whoever may write the database may open it; whoever may only read it may not), never
/// through a link; an existing one is used only when it is a regular file belonging to this
/// user, to the database's owner, or — in the database's group, when that group may write the
/// database — to a fellow writer. A run waits at most its wait, then throws `ReminderLockBusy`
/// naming the holder from the note (`LockNote`) each holder writes into the file.
struct FileLock {
    /// The lock file.
    let path: SystemPath
    /// The database as messages name it: `database "/home/alice/loans.db"`.
    let store: String
    /// The database file's owner, group and mode.
    private let database: FileStatus

    /// The lock of the database at `database`, named with `suffix` beside the file it resolves to.
    init(beside database: SystemPath, suffix: String) throws(StoreError) {
        store = "database \(Quoted(database))"
        let file: SystemPath
        do {
            file = try database.resolvingLinks()
        } catch {
            throw StoreError(.unavailable, "cannot find database \(Quoted(database)): \(error)")
        }
        do {
            self.database = try FileStatus(file)
        } catch {
            throw StoreError(.unavailable, "cannot read \(store): \(error)")
        }
        path = file.appending(suffix)
    }

    /// The lock file's mode: read and write for each class that may write the database (its
    /// owner always).
    var mode: mode_t {
        var mode: mode_t = 0o600
        if database.permissions & S_IWGRP != 0 { mode |= 0o060 }
        if database.permissions & S_IWOTH != 0 { mode |= 0o006 }
        return mode
    }

    /// Runs `body` holding the lock, taken within `wait` milliseconds, with `note` in the file
    /// meanwhile; released (the note emptied) however `body` ends.
    func exclusively<T>(waitingAtMost wait: Int, note: LockNote, _ body: () throws -> T) throws -> T {
        let descriptor = try open()
        defer { descriptor.close() }
        try take(descriptor, within: wait)
        defer { try? descriptor.truncate(to: 0) }
        if (try? descriptor.truncate(to: 0)) != nil { _ = try? descriptor.write(Array(note.text.utf8), at: 0) }
        return try body()
    }

    /// Tries the lock until it is free or `wait` has passed, pausing 10 ms, then twice as long
    /// each time up to a quarter of a second.
    private func take(_ descriptor: FileDescriptor, within wait: Int) throws {
        let deadline = MonotonicClock.milliseconds() + wait
        var pause = 10
        while true {
            do {
                if try descriptor.tryLockExclusively() { return }
            } catch {
                throw StoreError(.unavailable, "cannot lock the reminders' lock file \(Quoted(path)): \(error)")
            }
            let left = deadline - MonotonicClock.milliseconds()
            guard left > 0 else { throw ReminderLockBusy(store: store, waitedMilliseconds: wait, holder: holder(descriptor)) }
            usleep(UInt32(min(pause, left)) * 1000)
            pause = min(pause * 2, 250)
        }
    }

    /// The lock file, opened for locking: made when missing (owner, group and mode from the
    /// database), else checked. Never through a link, never a FIFO or device.
    private func open() throws(StoreError) -> FileDescriptor {
        let options: FileDescriptor.OpenOptions = [.noFollow, .nonBlocking]
        for _ in 0..<3 {
            do throws(Errno) {
                let made = try FileDescriptor.open(path, .readWrite, options: options.union([.create, .exclusive]), permissions: mode)
                adopt(made)
                return made
            } catch where error != .exists {
                throw refusal(error)
            } catch {}  // there already: open it
            let found: FileDescriptor
            do throws(Errno) {
                found = try FileDescriptor.open(path, .readWrite, options: options)
            } catch where error != .noSuchFile {
                throw refusal(error)
            } catch {
                continue  // removed meanwhile: make it again
            }
            if let refused = refusal(of: found) {
                found.close()
                throw refused
            }
            return found
        }
        throw refusal(.exists)
    }

    /// Gives a new lock file the database's owner (as root) and group, and its mode — without the
    /// group's bits when the group cannot be the database's.
    private func adopt(_ descriptor: FileDescriptor) {
        var mode = self.mode
        if (try? descriptor.changeOwner(user: geteuid() == 0 ? database.owner : nil, group: database.group)) == nil { mode &= ~0o070 }
        try? descriptor.setPermissions(mode)
    }

    /// Why a lock file found there is refused: it is not a regular file, or it belongs to someone
    /// who neither is this user nor owns the database nor writes it through its group.
    private func refusal(of descriptor: FileDescriptor) -> StoreError? {
        let info: FileStatus
        do {
            info = try descriptor.status()
        } catch {
            return refusal(error)
        }
        guard info.kind == .regular else {
            return StoreError(.unavailable, "the reminders' lock file \(Quoted(path)) is not a regular file; remove it, and loans makes a new one")
        }
        let owner = info.owner
        let fellow = info.group == database.group && database.permissions & S_IWGRP != 0
        guard owner == geteuid() || owner == 0 || owner == database.owner || fellow else {
            return StoreError(
                .unavailable,
                "the reminders' lock file \(Quoted(path)) belongs to user \(owner), who neither owns \(store) nor writes it through its group; remove it, and loans makes a new one"
            )
        }
        return nil
    }

    private func refusal(_ error: Errno) -> StoreError {
        guard error != .tooManyLinks else {
            return StoreError(
                .unavailable,
                "the reminders' lock file \(Quoted(path)) is a symbolic link, which loans never follows; remove it, and loans makes a new one"
            )
        }
        return StoreError(.unavailable, "cannot open the reminders' lock file \(Quoted(path)): \(error)")
    }

    /// The holder its note names, stopped or not when it runs on this machine.
    private func holder(_ descriptor: FileDescriptor) -> ReminderLockHolder? {
        var buffer = [UInt8](repeating: 0, count: LockNote.longest)
        let count = (try? buffer.withUnsafeMutableBytes { bytes throws(Errno) in try descriptor.read(into: bytes, at: 0) }) ?? 0
        guard count > 0, let note = LockNote(parsing: buffer[..<count]) else { return nil }
        let stopped = note.host == SystemAuthor.host() && FileLock.isStopped(note.process)
        return .process(id: note.process, who: note.who, since: note.since, stopped: stopped)
    }

    /// Whether process `id` of this machine is stopped (its state in `/proc/ID/stat` is T or t).
    static func isStopped(_ id: Int32) -> Bool {
        guard let file = SystemPath("/proc/\(id)/stat"), let descriptor = try? FileDescriptor.open(file, .readOnly) else { return false }
        defer { descriptor.close() }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = (try? buffer.withUnsafeMutableBytes { bytes throws(Errno) in try descriptor.read(into: bytes) }) ?? 0
        guard count > 0, let end = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), end + 2 < count else { return false }
        return buffer[end + 2] == UInt8(ascii: "T") || buffer[end + 2] == UInt8(ascii: "t")
    }
}

/// What a holder of a `FileLock` writes into the lock file: who holds it, where and since when,
/// one fact a line (`pid 4242`, `host laptop`, `who alice@laptop`, `since 2026-11-29T08:00:00Z`).
struct LockNote: Equatable {
    let process: Int32
    let host: String
    let who: String
    let since: UTCTimestamp?

    /// The most bytes of a note that are read.
    static let longest = 1024

    /// This process's note.
    init(who: String, since: UTCTimestamp) {
        self.init(process: getpid(), host: SystemAuthor.host(), who: who, since: since)
    }

    init(process: Int32, host: String, who: String, since: UTCTimestamp?) {
        self.process = process
        self.host = host
        self.who = who
        self.since = since
    }

    var text: String {
        func line(_ value: String) -> String { String(value.unicodeScalars.map { $0.isTerminalControl ? " " : Character($0) }) }
        return "loans remind\npid \(process)\nhost \(line(host))\nwho \(line(who))\n" + (since.map { "since \($0)\n" } ?? "")
    }

    /// A note as `text` writes it; nil for anything else (an empty file, a note cut short in a line).
    init?(parsing bytes: ArraySlice<UInt8>) {
        guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n") else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "loans remind" else { return nil }
        var facts: [Substring: Substring] = [:]
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: " ") else { continue }
            facts[line[..<space]] = line[line.index(after: space)...]
        }
        guard let process = facts["pid"].flatMap({ Int32($0) }), let host = facts["host"], let who = facts["who"] else { return nil }
        self.init(process: process, host: String(host), who: String(who), since: facts["since"].flatMap { UTCTimestamp(rfc3339: String($0)) })
    }
}

import Glibc
import LoansCore
import LoansWake

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
    private let database: stat

    /// The lock of the database at `database`, named with `suffix` beside the file it resolves to.
    init(beside database: SystemPath, suffix: String) throws(StoreError) {
        store = "database \(Quoted(database))"
        guard let resolved = database.withCString({ realpath($0, nil) }) else {
            throw StoreError(.unavailable, "cannot find database \(Quoted(database)): \(SystemError())")
        }
        defer { free(resolved) }
        let file = SystemPath(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))!
        var info = stat()
        guard stat(resolved, &info) == 0 else { throw StoreError(.unavailable, "cannot read \(store): \(SystemError())") }
        self.database = info
        path = file.appending(suffix)
    }

    /// The lock file's mode: read and write for each class that may write the database (its
    /// owner always).
    var mode: mode_t {
        var mode: mode_t = 0o600
        if database.st_mode & S_IWGRP != 0 { mode |= 0o060 }
        if database.st_mode & S_IWOTH != 0 { mode |= 0o006 }
        return mode
    }

    /// Runs `body` holding the lock, taken within `wait` milliseconds, with `note` in the file
    /// meanwhile; released (the note emptied) however `body` ends.
    func exclusively<T>(waitingAtMost wait: Int, note: LockNote, _ body: () throws -> T) throws -> T {
        let descriptor = try open()
        defer { close(descriptor) }
        try take(descriptor, within: wait)
        defer { _ = ftruncate(descriptor, 0) }
        let text = Array(note.text.utf8)
        if ftruncate(descriptor, 0) == 0 { _ = pwrite(descriptor, text, text.count, 0) }
        return try body()
    }

    /// Tries the lock until it is free or `wait` has passed, pausing 10 ms, then twice as long
    /// each time up to a quarter of a second.
    private func take(_ descriptor: Int32, within wait: Int) throws {
        let deadline = MonotonicClock.milliseconds() + wait
        var pause = 10
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let number = errno
            if number == EINTR { continue }
            guard number == EWOULDBLOCK else {
                throw StoreError(.unavailable, "cannot lock the reminders' lock file \(Quoted(path)): \(SystemError(number))")
            }
            let left = deadline - MonotonicClock.milliseconds()
            guard left > 0 else { throw ReminderLockBusy(store: store, waitedMilliseconds: wait, holder: holder(descriptor)) }
            usleep(UInt32(min(pause, left)) * 1000)
            pause = min(pause * 2, 250)
        }
    }

    /// The lock file, opened for locking: made when missing (owner, group and mode from the
    /// database), else checked. Never through a link, never a FIFO or device.
    private func open() throws(StoreError) -> Int32 {
        let flags = O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        for _ in 0..<3 {
            let made = path.withCString { Glibc.open($0, flags | O_CREAT | O_EXCL, mode) }
            if made >= 0 {
                adopt(made)
                return made
            }
            guard errno == EEXIST else { throw refusal(errno) }
            let found = path.withCString { Glibc.open($0, flags) }
            if found >= 0 {
                do throws(StoreError) {
                    try check(found)
                } catch {
                    close(found)
                    throw error
                }
                return found
            }
            guard errno == ENOENT else { throw refusal(errno) }  // removed meanwhile: make it again
        }
        throw refusal(EEXIST)
    }

    /// Gives a new lock file the database's owner (as root) and group, and its mode — without the
    /// group's bits when the group cannot be the database's.
    private func adopt(_ descriptor: Int32) {
        var mode = self.mode
        if fchown(descriptor, geteuid() == 0 ? database.st_uid : uid_t.max, database.st_gid) != 0 { mode &= ~0o070 }
        _ = fchmod(descriptor, mode)
    }

    /// Refuses a lock file that is not a regular file, or that belongs to someone who neither is
    /// this user nor owns the database nor writes it through its group.
    private func check(_ descriptor: Int32) throws(StoreError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw refusal(errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(.unavailable, "the reminders' lock file \(Quoted(path)) is not a regular file; remove it, and loans makes a new one")
        }
        let owner = info.st_uid
        let fellow = info.st_gid == database.st_gid && database.st_mode & S_IWGRP != 0
        guard owner == geteuid() || owner == 0 || owner == database.st_uid || fellow else {
            throw StoreError(
                .unavailable,
                "the reminders' lock file \(Quoted(path)) belongs to user \(owner), who neither owns \(store) nor writes it through its group; remove it, and loans makes a new one"
            )
        }
    }

    private func refusal(_ number: Int32) -> StoreError {
        guard number != ELOOP else {
            return StoreError(
                .unavailable,
                "the reminders' lock file \(Quoted(path)) is a symbolic link, which loans never follows; remove it, and loans makes a new one"
            )
        }
        return StoreError(.unavailable, "cannot open the reminders' lock file \(Quoted(path)): \(SystemError(number))")
    }

    /// The holder its note names, stopped or not when it runs on this machine.
    private func holder(_ descriptor: Int32) -> ReminderLockHolder? {
        var buffer = [UInt8](repeating: 0, count: LockNote.longest)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0, let note = LockNote(parsing: buffer[..<count]) else { return nil }
        let stopped = note.host == SystemAuthor.host() && FileLock.isStopped(note.process)
        return .process(id: note.process, who: note.who, since: note.since, stopped: stopped)
    }

    /// Whether process `id` of this machine is stopped (its state in `/proc/ID/stat` is T or t).
    static func isStopped(_ id: Int32) -> Bool {
        let descriptor = Glibc.open("/proc/\(id)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &buffer, buffer.count)
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

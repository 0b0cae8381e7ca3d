import Foundation
import Glibc
import LoansTestSupport
import Testing

/// The reminders' lock through the built binary: a run waits for another at most 30 s and
/// exits 75 naming it (SQLite and PostgreSQL, really waiting); one database reached by several
/// paths has one lock; a shared database's lock opens for everyone who writes the database; a
/// lock file planted in its place is never used; a PostgreSQL role that can merely connect
/// stops nothing.
@Suite struct RemindLockEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// A delivery that stops the run delivering it (as Ctrl-Z would), so the run holds the lock.
    static let stoppingDelivery = ["--exec", "/bin/sh", "-c", "kill -STOP $PPID; exec cat >/dev/null"]

    /// A run of loans started now and waited for later, its stderr kept apart in a file.
    struct Spawned {
        let process: Subprocess
        let errors: String

        init(_ loans: BinaryHarness, _ arguments: [String], extra: [String: String] = [:]) throws {
            errors = loans.folder + "/stderr-\(UUID().uuidString)"
            process = try Subprocess(
                "/bin/sh", ["-c", "exec \"$0\" \"$@\" 2>\"$LOANS_STDERR\"", BinaryHarness.binary] + arguments,
                environment: loans.environment.merging(extra) { $1 }.merging(["LOANS_STDERR": errors]) { $1 }
            )
        }

        func finish(patience: Double) -> (code: Int32?, out: String, err: String) {
            let (code, out) = process.finish(patience: patience)
            return (code, out, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
        }

        /// Ends it as a crash would, and waits until it is gone.
        func kill() {
            Glibc.kill(process.pid, SIGKILL)
            _ = process.waitForExit(patience: 30)
        }
    }

    /// Whether process `pid` is stopped (state T in `/proc/PID/stat`).
    static func isStopped(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(end, offsetBy: 2)] == "T"
    }

    /// The OS user @ host, as loans names the one running it.
    static var me: String {
        var name = [CChar](repeating: 0, count: 256)
        _ = gethostname(&name, name.count - 1)
        let user = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "uid\(geteuid())"
        return user + "@" + String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func addTwo(_ db: [String]) throws {
        #expect(try loans.run(BinaryHarness.binary, db + ["add", "Cordless drill", "--to", "Sam", "--due", "2026-11-20"]).status == 0)
        #expect(try loans.run(BinaryHarness.binary, db + ["add", "The Hobbit", "--from", "City Library", "--due", "2026-12-01"]).status == 0)
    }

    static let digest = """
        Reminders: 1 overdue, 1 due within 2 days
        #1 Get back Cordless drill from Sam: 9 days overdue
        #2 Return The Hobbit to City Library: due in 2 days

        """

    /// The one test that really waits the 30 s, on both engines at once: each holder stops itself
    /// in its delivery, holding the lock; the waiters start, every other command (a dry run
    /// included) still answers meanwhile, and each waiter gives up after 30 s with exit 75 and a
    /// message naming the holder. Killed, a holder takes its lock with it, and the next run sends
    /// what it never recorded.
    @Test func aRunWaitsAtMost30SecondsForTheLockThenExits75NamingTheHolder() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let url = server.url(try server.createDatabase())
        let stores: [[String]] = [[], ["--db", url]]
        for db in stores { try addTwo(db) }
        let holders = try stores.map { try Spawned(loans, $0 + ["remind"] + RemindLockEndToEndTests.stoppingDelivery) }
        defer { holders.forEach { $0.kill() } }
        #expect(eventually(patience: 60) { holders.allSatisfy { RemindLockEndToEndTests.isStopped($0.process.pid) } }, "a holder never stopped")
        let waiters = try stores.map { try Spawned(loans, $0 + ["remind"]) }
        defer { waiters.forEach { $0.kill() } }
        for db in stores {
            let agenda = try loans.run(BinaryHarness.binary, db + ["agenda"])
            #expect(agenda.status == 0 && agenda.out.hasPrefix("OVERDUE (1)"), "the lock blocks no other command: \(agenda.err)")
            #expect(try loans.run(BinaryHarness.binary, db + ["remind", "--dry-run"]).out == RemindLockEndToEndTests.digest)
        }
        let (file, served) = (waiters[0].finish(patience: 120), waiters[1].finish(patience: 120))
        let me = RemindLockEndToEndTests.me
        #expect(file.code == 75 && file.out.isEmpty, "\(String(describing: file.code)) \(file.err)")
        #expect(file.err.hasPrefix("loans: another run held the reminders' lock of database \"\(loans.folder)/loans.db\" for all of 30 s (process \(holders[0].process.pid) of \"\(me)\", since 20"), "\(file.err)")
        #expect(file.err.hasSuffix("; it is stopped (Ctrl-Z?): resume it with fg, or end it); nothing was sent or recorded: try again later\n"), "\(file.err)")
        #expect(served.code == 75 && served.out.isEmpty, "\(String(describing: served.code)) \(served.err)")
        #expect(served.err.hasPrefix("loans: another run held the reminders' lock of PostgreSQL database \"\(url)\" for all of 30 s (PostgreSQL server process "), "\(served.err)")
        #expect(served.err.contains(", role \"\(PostgresServer.role)\", application \"loans \(me)\", since 20"), "\(served.err)")
        #expect(served.err.hasSuffix("); nothing was sent or recorded: try again later\n"), "\(served.err)")
        for (db, holder) in zip(stores, holders) {
            holder.kill()
            let next = try loans.run(BinaryHarness.binary, db + ["remind"])
            #expect(next.status == 0 && next.out == RemindLockEndToEndTests.digest, "the killed holder recorded nothing: \(next.err)")
        }
    }

    /// One database through its own path, a link to the file and a link to its folder: three
    /// runs released together send each reminder once (one delivery; the others wait and find
    /// nothing due), and they really ran at the same time.
    @Test func runsThroughSeveralPathsSendEachReminderOnce() throws {
        defer { loans.remove() }
        let real = loans.folder + "/real"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
        let database = real + "/loans.db"
        try addTwo(["--db", database])
        #expect(symlink(database, loans.folder + "/link.db") == 0 && symlink(real, loans.folder + "/folder-link") == 0)
        let log = loans.folder + "/deliveries"
        let deliver = loans.folder + "/deliver"
        try ("#!/bin/sh\n" + #"sleep 0.5; { echo "run $$"; cat; } >> "$LOG""# + "\n").write(toFile: deliver, atomically: true, encoding: .utf8)
        #expect(chmod(deliver, 0o755) == 0)
        let paths = [database, loans.folder + "/link.db", loans.folder + "/folder-link/loans.db"]
        let shells = try ConcurrentShells(
            loans, scripts: paths.map { _ in #"loans --db "$DB" remind --exec "$DELIVER""# },
            environments: paths.map { ["DB": $0, "DELIVER": deliver, "LOG": log] }
        )
        shells.release()
        let runs = shells.finish()
        for run in runs { #expect(run.code == 0 && run.lines.isEmpty, "\(run.lines)") }
        #expect(ConcurrentShells.overlap(runs) > 0, "the runs never ran at the same time")
        let delivered = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(delivered.components(separatedBy: "run ").count == 2, "one delivery: \(delivered)")
        #expect(delivered.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n" == RemindLockEndToEndTests.digest)
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/link.db.reminders-lock"), "the lock is beside the file, not the link")
    }

    /// A database shared by two users in one group (loans.db made 0660 by the household): the
    /// lock file takes the database's group and write classes, so the second user's run locks
    /// it too and sends their own reminders. (Two users need root, as the tests run in CI; as
    /// anyone else the lock file's mode and group are checked for the one user there is.)
    @Test func everyoneWhoWritesASharedDatabaseCanRemind() throws {
        defer { loans.remove() }
        let house = loans.folder + "/house"
        let database = house + "/loans.db"
        let lock = database + ".reminders-lock"
        let root = geteuid() == 0
        let (first, second, group): (uid_t, uid_t, gid_t) = root ? (4001, 4002, 4000) : (geteuid(), geteuid(), getegid())
        try FileManager.default.createDirectory(atPath: house, withIntermediateDirectories: false)
        #expect(chown(house, first, group) == 0 && chmod(house, 0o2770) == 0)
        func run(as user: uid_t, _ arguments: String...) throws -> ProgramRun {
            let program = [BinaryHarness.binary, "--db", database] + arguments
            guard root else { return try loans.run(program[0], Array(program.dropFirst())) }
            return try loans.run("/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(group)", "--clear-groups", "--"] + program)
        }
        #expect(try run(as: first, "add", "Ladder", "--from", "Dad", "--due", "2026-11-30").status == 0)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database + suffix) {
            #expect(chmod(database + suffix, 0o660) == 0, "the household shares the database")
        }
        let digest = "Reminders: 1 due by tomorrow\n#1 Return Ladder to Dad: due tomorrow\n"
        let mine = try run(as: first, "remind")
        #expect(mine.status == 0 && mine.out == digest, "\(mine.err)")
        var info = stat()
        #expect(lstat(lock, &info) == 0 && info.st_mode & 0o7777 == 0o660 && info.st_gid == group && info.st_uid == first, "mode \(String(info.st_mode & 0o7777, radix: 8))")
        let theirs = try run(as: second, "remind")
        #expect(theirs.status == 0 && theirs.err.isEmpty, "the other writer's run takes the lock too: \(theirs.status) \(theirs.err)")
        #expect(theirs.out == (root ? digest : ""), "their own reminders")
    }

    /// What someone else planted where the lock file goes — a link to a file of this user's, a
    /// FIFO, a file of a stranger's — is refused (exit 74, naming it), never followed, opened
    /// for waiting or used; nothing is sent. Removed, it is made again and the run sends.
    @Test func aLockFilePlantedInItsPlaceIsNeverUsed() throws {
        defer { loans.remove() }
        try addTwo([])
        let lock = loans.folder + "/loans.db.reminders-lock"
        let precious = loans.folder + "/precious"
        try "keep".write(toFile: precious, atomically: true, encoding: .utf8)
        #expect(symlink(precious, lock) == 0)
        let linked = try loans("remind")
        #expect(linked.status == 74 && linked.out.isEmpty, "\(linked.err)")
        #expect(linked.err == "loans: the reminders' lock file \"\(lock)\" is a symbolic link, which loans never follows; remove it, and loans makes a new one\n")
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "keep")
        #expect(unlink(lock) == 0 && mkfifo(lock, 0o666) == 0)
        let fifo = try loans("remind")
        #expect(fifo.status == 74 && fifo.err == "loans: the reminders' lock file \"\(lock)\" is not a regular file; remove it, and loans makes a new one\n", "\(fifo.err)")
        #expect(unlink(lock) == 0)
        if geteuid() == 0 {
            #expect(FileManager.default.createFile(atPath: lock, contents: nil) && chown(lock, 4242, 4242) == 0 && chmod(lock, 0o666) == 0)
            let foreign = try loans("remind")
            #expect(foreign.status == 74, "\(foreign.err)")
            #expect(foreign.err == "loans: the reminders' lock file \"\(lock)\" belongs to user 4242, who neither owns database \"\(loans.folder)/loans.db\" nor writes it through its group; remove it, and loans makes a new one\n")
            #expect(unlink(lock) == 0)
        }
        #expect(try loans("remind").out == RemindLockEndToEndTests.digest, "nothing was sent before")
        var info = stat()
        #expect(lstat(lock, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o7777 == 0o600, "the database's own mode, 0600")
    }

    /// A role that can merely connect holds the advisory key the lock once was and tries the
    /// lock row: it may not even see the schema, and reminders go out as ever.
    @Test func aRoleThatCanMerelyConnectStopsNoReminder() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let url = server.url(database)
        try addTwo(["--db", url])
        let role = "outsider_" + UUID().uuidString.prefix(8).lowercased()
        try server.psql(database, "CREATE ROLE \(role) LOGIN")
        let outsider = ["-X", "-q", "-h", "127.0.0.1", "-p", String(server.port), "-U", role, "-d", database]
        let tried = try loans.run("/usr/bin/psql", outsider + ["-c", "SELECT FROM loans.reminder_lock FOR UPDATE"])
        #expect(tried.status != 0 && tried.err.contains("permission denied for schema loans"), "\(tried.err)")
        let holder = try Subprocess(
            "/usr/bin/psql", outsider + ["-c", "SELECT pg_advisory_lock(5498685473305919490)", "-c", "SELECT pg_sleep(120)"],
            environment: ["PATH": "/usr/bin:/bin"], discardOutput: true
        )
        defer { holder.stop() }
        let held = """
            SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = 1280262478 AND objid = 2 AND granted
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """
        #expect(eventually(patience: 30) { (try? server.psql(database, held)) == "1" }, "the outsider never took the old key")
        let run = try Spawned(loans, ["--db", url, "remind"]).finish(patience: 60)
        #expect(run.code == 0 && run.out == RemindLockEndToEndTests.digest && run.err.isEmpty, "\(String(describing: run.code)) \(run.err)")
    }
}

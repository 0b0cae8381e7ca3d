import Foundation
import Glibc
import LoansTestSupport
import Testing

/// A server that goes away, through the built binary: watchers show the failure and recover by
/// themselves; a server killed in the middle of an import keeps all of it or none; one-shot runs
/// give up on a server that does not answer; a password never shows in the process list.
@Suite struct PostgresOutageTests {
    let loans: BinaryHarness

    init() throws {
        loans = try BinaryHarness()
    }

    /// `widget --watch` and the TUI (in tmux) on a server that is stopped and started again: the
    /// bar shows the failure, the TUI keeps its last answer marked as not current; then both show
    /// the loans again without being restarted, and then a new write (which only their LISTEN
    /// connection, made again, can tell them of).
    @Test func watchersShowTheOutageAndRecoverByThemselves() throws {
        defer { loans.remove() }
        let server = try PostgresServer.dedicated()
        defer { server.shutDown() }
        let url = server.url(try server.createDatabase())
        #expect(try loans("--db", url, "add", "Dune", "--from", "Library", "--due", "2026-11-28").status == 0)
        var environment = loans.environment
        environment["LOANS_DB"] = url
        let bar = try Subprocess(BinaryHarness.binary, ["widget", "--watch", "--format", "tmux"], environment: environment)
        defer { bar.stop() }
        let pane = try TUITmuxPane(loans, command: "LOANS_DB='\(url)' loans tui")
        defer { pane.close() }
        let dune = "#[fg=red]1 overdue: Dune (1 day overdue)#[default]"
        #expect(bar.waitForLines(1) == [dune])
        try pane.waitFor("OVERDUE (1)", "Dune")

        try server.stop()
        #expect(bar.waitForLines(2).last == "#[fg=red]loans: error#[default]", "\(bar.lines)")
        try pane.waitFor("not current · Agenda", "OVERDUE (1)", "Dune", "Not current: as read at ", absent: ["could not be loaded"])
        try server.start()
        #expect(bar.waitForLines(3).last == dune, "\(bar.lines)")
        try pane.waitFor("OVERDUE (1)", "Dune", absent: ["not current", "Not current"])

        #expect(try loans("--db", url, "add", "Azul", "--to", "Jonas", "--due", "2026-11-27").status == 0)
        #expect(bar.waitForLines(4).last == "#[fg=red]2 overdue: Azul (2 days overdue)#[default]", "\(bar.lines)")
        try pane.waitFor("OVERDUE (2)", "Azul")
        #expect(bar.isRunning, "the bar ended instead of carrying on")
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
    }

    /// The server killed (every process, SIGKILL) while an import is writing, several batches in
    /// (an import writes a thousand loans a statement, all in one transaction): the import fails
    /// with exit 74, and once the server has recovered none of the import is there — the loans,
    /// the history and the per-day counts are as before it (only the id sequence, which no
    /// transaction takes back, may have moved on). The same import then goes in whole.
    @Test func aServerKilledMidImportKeepsAllOrNothing() throws {
        defer { loans.remove() }
        let server = try PostgresServer.dedicated()
        defer { server.shutDown() }
        let database = try server.createDatabase()
        let url = server.url(database)
        #expect(try loans("--db", url, "add", "Kept", "--to", "Ann", "--due", "+3d").status == 0)
        try server.psql(database, "CHECKPOINT")
        let count = 40_000
        let document = loans.folder + "/import.json"
        try PostgresOutageTests.document(count).write(toFile: document, atomically: true, encoding: .utf8)
        let state = """
            SELECT (SELECT count(*) FROM loans.loan), (SELECT count(*) FROM loans.change), (SELECT count(*) FROM loans.change_loan),
                (SELECT coalesce(sum(open_count), 0) FROM loans.open_due_day)
            """
        let before = try server.psql(database, state)

        let importing = try Subprocess(BinaryHarness.binary, ["--db", url, "import", document], environment: loans.environment, mergeErrors: true)
        // Several batches in: the history's table has grown by a megabyte of rows not yet committed.
        let grown = "SELECT pg_relation_size('loans.change_loan') > 1048576"
        #expect(eventually(patience: 60) { (try? server.psql(database, grown)) == "t" || !importing.isRunning }, "the import never wrote")
        #expect(importing.isRunning, "the import ended before the server could be killed: \(importing.output)")
        try server.killAll()
        let (code, output) = importing.finish(patience: 60)
        #expect(code == 74 && output.hasPrefix("loans: PostgreSQL database \"\(url)\""), "\(String(describing: code)): \(output)")

        try server.start()
        let after = try server.psql(database, state)
        #expect(after == before, "the killed import left something behind: \(before) before, \(after) after")
        #expect(try loans("--db", url, "import", document).out == "Imported \(count) loans.\n")
        #expect(try server.psql(database, "SELECT count(*) FROM loans.loan") == String(count + 1))
    }

    /// A one-shot run gives up on a name that never resolves (a resolver that does not answer:
    /// libpq's own connect timeout does not cover it) after the connect deadline, 2 s + 1: a
    /// command exits 74 saying so, a bar shows its error and exits 0.
    @Test func aOneShotRunGivesUpOnANameThatNeverResolves() throws {
        defer { loans.remove() }
        let silent = try SilentResolver()
        let resolver = loans.folder + "/resolv.conf"
        try "nameserver \(silent.address)\noptions timeout:30 attempts:1\n".write(toFile: resolver, atomically: true, encoding: .utf8)
        let url = "postgresql://alice:pw-5e1f@household.invalid/loans"
        func run(_ arguments: [String]) throws -> BinaryHarness.Result {
            try loans.run("/usr/bin/unshare", ["--mount", "/bin/sh", "-c", "mount --bind \"$0\" /etc/resolv.conf && exec \"$@\"", resolver,
                                               BinaryHarness.binary, "--db", url] + arguments)
        }
        let list = try run(["list"])
        #expect(list.status == 74 && list.out.isEmpty, "\(list.status) \(list.err)")
        // The password on the command line is warned of first, then the failure.
        #expect(list.err == PostgresPasswordTests.warning + "loans: cannot connect to PostgreSQL database \"postgresql://alice@household.invalid/loans\": no answer within 3 s (name resolution included)\n")
        let bar = try run(["widget", "--format", "waybar"])
        #expect(bar.status == 0 && bar.out.contains(#""text":"loans: error""#) && bar.out.contains(#""class":"error""#), "\(bar.out)")
        #expect(bar.err.contains("no answer within 3 s"))
        #expect(silent.questions > 0, "the resolver was never asked: the test did not test the deadline")
    }

    /// A server that accepts the run and then stalls it (here a table lock an administrator holds):
    /// the run gives up after the answer deadline, 30 s, instead of hanging a bar.
    @Test func aOneShotRunGivesUpOnAServerThatStopsAnswering() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let url = server.url(database)
        #expect(try loans("--db", url, "add", "Dune", "--to", "Ann", "--due", "+3d").status == 0)
        let psql = server.psqlSession(database)
        let holder = try Subprocess(psql.program, psql.arguments + [
            "-c", "BEGIN; LOCK TABLE loans.loan IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(120);",
        ], environment: ["PATH": "/usr/bin:/bin"], discardOutput: true)
        defer { holder.stop() }
        let held = "SELECT count(*) FROM pg_locks WHERE relation = 'loans.loan'::regclass AND mode = 'AccessExclusiveLock' AND granted"
        #expect(eventually(patience: 30) { (try? server.psql(database, held)) == "1" }, "the lock was never taken")
        let list = try loans("--db", url, "list")
        #expect(list.status == 74, "\(list.err)")
        #expect(list.err == "loans: PostgreSQL database \"\(url)\" did not answer within 30 s\n")
    }

    /// A password given in `--db`'s URL is masked in the process's argument list (what `ps`
    /// shows), whether the URL is its own argument or `--db=URL`, while the run goes on using it.
    @Test func aPasswordInTheURLNeverShowsInTheProcessList() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let guarded = "\(PostgresServer.guardedRole):\(PostgresServer.guardedPassword)@127.0.0.1:\(server.port)/\(database)"
        try server.psql(database, "GRANT ALL ON DATABASE \(database) TO \(PostgresServer.guardedRole)")
        for arguments in [["--db", "postgresql://" + guarded], ["--db=postgres://" + guarded + "?sslmode=disable"]] {
            let watch = try Subprocess(BinaryHarness.binary, arguments + ["widget", "--watch", "--format", "waybar"], environment: loans.environment)
            defer { watch.stop() }
            #expect(watch.waitForLines(1).first?.contains(#""text":"""#) == true, "\(watch.lines)")
            #expect(!(watch.lines.first ?? "").contains("error"), "the run could not use its password: \(watch.lines)")
            let listed = try loans.run("/bin/ps", ["-o", "args=", "-p", String(watch.pid)]).out
            #expect(listed.contains("\(PostgresServer.guardedRole):*****") && !listed.contains(PostgresServer.guardedPassword), "\(listed)")
            let cmdline = try loans.run("/bin/cat", ["/proc/\(watch.pid)/cmdline"]).out
            #expect(!cmdline.contains(PostgresServer.guardedPassword))
        }
    }

    /// Every connection of a run that keeps going has TCP keepalives on, probing after 30 s of
    /// silence (the kernel's default is two hours): the kernel's keepalive timer runs on each.
    @Test func watchersKeepTheirConnectionsAlive() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let url = server.url(try server.createDatabase())
        let watch = try Subprocess(BinaryHarness.binary, ["--db", url, "widget", "--watch", "--format", "tmux"], environment: loans.environment)
        defer { watch.stop() }
        #expect(watch.waitForLines(1).count == 1)
        let table = try loans.run("/bin/cat", ["/proc/net/tcp"]).out  // Foundation reads a /proc file only in part
        let timers = PostgresOutageTests.tcpTimers(of: watch.pid, toPort: server.port, in: table)
        #expect(timers.count >= 1, "no connection to the server found")
        for timer in timers {
            #expect(timer.kind == 2 && timer.seconds <= 30, "not a 30 s keepalive timer: \(timer)")
        }
    }
}


import Foundation
import LoansTestSupport
import Testing

/// The built binary on a real PostgreSQL server: the same answers as on SQLite, moving between
/// the two, libpq's own conventions, a server that is away, a machine without libpq, and a
/// SQLite run that never loads libpq at all.
@Suite struct PostgresEndToEndTests {
    let loans: BinaryHarness
    let server: PostgresServer
    let database: String
    let url: String

    init() throws {
        loans = try BinaryHarness()
        server = try PostgresServer.shared()
        database = try server.createDatabase()
        url = server.url(database)
    }

    /// Runs the same commands on a SQLite file and on the server: every output is the same.
    @Test func everyCommandAnswersAsOnSQLite() throws {
        defer { loans.remove() }
        let script: [[String]] = [
            ["list"], ["add", "Dune", "--from", "City Library", "--due", "+3d", "--lent", "2026-11-09"],
            ["add", "The Hobbit", "--to", "Alice", "--due", "2026-11-27", "--lent", "2026-10-30", "--note", "Hardback"],
            ["add", "Drill", "--to", "Sam", "--due", "+40d"], ["renew", "1", "--by", "+1w"], ["renew", "1", "--due", "+12d"],
            ["edit", "3", "--title", "Cordless drill"], ["return", "2", "--on", "yesterday"], ["return", "2"],
            ["show", "1"], ["show", "9"], ["list", "--all"], ["list", "--returned"], [], ["json"], ["json", "all"],
            ["json", "overdue"], ["widget"], ["widget", "--format", "waybar"], ["remove", "3"], ["remove", "3"], ["list", "--all"],
            ["undo"], ["undo"], ["redo"], ["redo"], ["reopen", "2"], ["history"], ["history", "1", "--limit", "2"],
            ["json", "history"], ["undo", "--skip"], ["list", "--all"],
        ]
        for arguments in script {
            let onFile = try loans.run(BinaryHarness.binary, arguments)
            let onServer = try loans.run(BinaryHarness.binary, ["--db", url] + arguments)
            #expect(onServer.status == onFile.status, "loans \(arguments.joined(separator: " ")): \(onServer.err)")
            // On the server the history names the database role too: "who":"alice@laptop as loans".
            let serverOut = onServer.out.replacingOccurrences(of: " as \(PostgresServer.role)\"", with: "\"")
            #expect(serverOut.count < onServer.out.count || !onServer.out.contains("\"who\""), "loans \(arguments.joined(separator: " "))")
            #expect(timeless(serverOut) == timeless(onFile.out), "loans \(arguments.joined(separator: " "))")
            #expect(onServer.err == onFile.err, "loans \(arguments.joined(separator: " "))")
        }
        let onFile = try loans.run("/usr/bin/sqlite3", [loans.folder + "/loans.db", "SELECT group_concat(id) FROM (SELECT id FROM loan ORDER BY id)"])
        #expect(try server.psql(database, "SELECT string_agg(id::text, ',' ORDER BY id) FROM loans.loan") + "\n" == onFile.out)
    }

    @Test func aHouseholdMovesToTheServerAndBackWithJSON() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "+3d", "--note", "Second copy\nwith “quotes”")
        try loans.must("add", "Azul", "--to", "Jonas", "--due", "+20d")
        try loans.must("renew", "1", "--by", "+1w")
        try loans.must("remove", "1")
        try loans.must("add", "Ladder", "--from", "Dad", "--due", "2026-11-23", "--lent", "2026-11-17")
        try loans.must("return", "3", "--on", "2026-11-25")
        let original = try loans("json", "all").out
        let moved = try loans.shell("loans json all | loans --db '\(url)' import -")
        #expect(moved.status == 0 && moved.out == "Imported 2 loans.\n", "\(moved.out) \(moved.err)")
        #expect(timeless(try loans("--db", url, "json", "all").out) == timeless(original))
        #expect(try loans("--db", url, "add", "Next", "--to", "Ann", "--due", "+1d").out == "4\n")
        let back = try loans.shell("loans --db '\(url)' json all | loans --db '\(loans.folder)/back.db' import -")
        #expect(back.status == 0 && back.out == "Imported 3 loans.\n", "\(back.err)")
        #expect(timeless(try loans("--db", loans.folder + "/back.db", "json", "all").out) == timeless(try loans("--db", url, "json", "all").out))
    }

    @Test func renewalsFromManyProcessesAtOnceAllCount() throws {
        defer { loans.remove() }
        var environment = loans.environment
        environment["LOANS_DB"] = url
        #expect(try loans("--db", url, "add", "Dune", "--from", "Library", "--due", "2026-12-01").status == 0)
        let renewals = try (0..<8).map { _ in
            try Subprocess(BinaryHarness.binary, ["renew", "1", "--by", "+1d"], environment: environment, mergeErrors: true)
        }
        for renewal in renewals {
            let (code, output) = renewal.finish(patience: 60)
            #expect(code == 0, "\(output)")
        }
        let shown = try loans("--db", url, "json", "all").out
        #expect(shown.contains(#""due_on":"2026-12-09""#), "\(shown)")
        #expect(shown.contains(#""renewals":8"#), "\(shown)")
    }

    /// Reminders on the server: the digest once, whoever asks again, and two runs started at
    /// the same moment send it once between them (the lock row); nothing is made by asking.
    @Test func remindersOnTheServerGoOutOnce() throws {
        defer { loans.remove() }
        let nothing = try loans("--db", url, "remind")
        #expect(nothing.status == 0 && nothing.out.isEmpty && nothing.err.isEmpty, "\(nothing.err)")
        #expect(try server.psql(database, "SELECT count(*) FROM pg_namespace WHERE nspname = 'loans'") == "0")
        #expect(try loans("--db", url, "add", "The Hobbit", "--from", "City Library", "--due", "2026-12-01").status == 0)
        #expect(try loans("--db", url, "add", "Cordless drill", "--to", "Sam", "--due", "2026-11-20").status == 0)
        let digest = "Reminders: 1 overdue, 1 due within 2 days\n#2 Get back Cordless drill from Sam: 9 days overdue\n#1 Return The Hobbit to City Library: due in 2 days\n"
        #expect(try loans("--db", url, "remind", "--dry-run").out == digest)
        var environment = loans.environment
        environment["LOANS_DB"] = url
        let runs = try (0..<2).map { _ in try Subprocess(BinaryHarness.binary, ["remind"], environment: environment, mergeErrors: true) }
        let outputs = runs.map { $0.finish(patience: 60) }
        #expect(outputs.allSatisfy { $0.code == 0 }, "\(outputs)")
        #expect(outputs.map(\.output).sorted() == ["", digest], "one run sends the digest, the other finds nothing due")
        #expect(try loans("--db", url, "remind").out.isEmpty)
        #expect(try loans("--db", url, "history").out.split(separator: "\n").count == 2, "reminders are not changes")
    }

    @Test func aServerThatIsAwayIsExit74AndABarSaysError() throws {
        defer { loans.remove() }
        let away = "postgresql://alice:pw-c0ffee@127.0.0.1:1/loans"
        let list = try loans("--db", away, "list")
        #expect(list.status == 74 && list.out.isEmpty)
        #expect(list.err.hasPrefix(PostgresPasswordTests.warning + "loans: cannot connect to PostgreSQL database \"postgresql://alice@127.0.0.1:1/loans\": "), "\(list.err)")
        let add = try loans("--db", away, "add", "A", "--to", "B", "--due", "+1d")
        #expect(add.status == 74)
        let bar = try loans("--db", away, "widget", "--format", "tmux")
        #expect(bar.status == 0 && bar.out.contains("loans: error"))
        for result in [list, add, bar] { #expect(!(result.out + result.err).contains("pw-c0ffee")) }
    }

    @Test func passwordsComeFromPgpassAndDetailsFromAServiceFile() throws {
        defer { loans.remove() }
        let guarded = "postgresql://\(PostgresServer.guardedRole)@127.0.0.1:\(server.port)/\(database)"
        let refused = try loans("--db", guarded, "list")
        #expect(refused.status == 74 && refused.err.contains("password"), "\(refused.err)")
        let pgpass = loans.folder + "/.pgpass"
        try "127.0.0.1:\(server.port):*:\(PostgresServer.guardedRole):\(PostgresServer.guardedPassword)\n"
            .write(toFile: pgpass, atomically: false, encoding: .utf8)
        chmod(pgpass, 0o600)
        let allowed = try loans("--db", guarded, "list")
        #expect(allowed.status == 0, "\(allowed.err)")
        try "[household]\nhost=127.0.0.1\nport=\(server.port)\ndbname=\(database)\nuser=loans\n"
            .write(toFile: loans.folder + "/services.conf", atomically: false, encoding: .utf8)
        let services = ["PGSERVICEFILE": loans.folder + "/services.conf"]
        let added = try loans.run(BinaryHarness.binary, ["add", "Dune", "--to", "Ann", "--due", "+1d"],
                                  extra: services.merging(["LOANS_DB": "postgresql://?service=household"]) { $1 })
        #expect(added.status == 0 && added.out == "1\n", "\(added.err)")
        let listed = try loans.run(BinaryHarness.binary, ["list"], extra: services.merging(["LOANS_DB": "postgres://", "PGSERVICE": "household"]) { $1 })
        #expect(listed.status == 0 && listed.out.contains("Dune"), "\(listed.err)")
    }

    /// Without libpq (hidden in a mount namespace of its own), a PostgreSQL URL says what to
    /// install and exits 74, while everything on SQLite still works.
    @Test func aMachineWithoutLibpqStillRunsSQLite() throws {
        defer { loans.remove() }
        let library = try libpqPath()
        let hidden = "mount --bind /dev/null '\(library)' && exec \"$@\""
        let onServer = try loans.run("/usr/bin/unshare", ["--mount", "/bin/sh", "-c", hidden, "sh", BinaryHarness.binary, "--db", url, "list"])
        #expect(onServer.status == 74, "\(onServer.err)")
        #expect(onServer.err.hasPrefix("loans: PostgreSQL needs libpq5"), "\(onServer.err)")
        let onFile = try loans.run("/usr/bin/unshare", ["--mount", "/bin/sh", "-c", hidden, "sh", BinaryHarness.binary, "add", "A", "--to", "B", "--due", "+1d"])
        #expect(onFile.status == 0 && onFile.out == "1\n", "\(onFile.err)")
    }

    /// libpq is not a library the binary needs (for the static build, ldd finds none at all),
    /// and a process on SQLite never maps it; one on a PostgreSQL URL does.
    @Test func theSQLitePathNeverLoadsLibpq() throws {
        defer { loans.remove() }
        #expect(!(try loans.run("/usr/bin/ldd", [BinaryHarness.binary]).out.contains("libpq")))
        for (location, loadsLibpq) in [(loans.folder + "/loans.db", false), (url, true)] {
            let watch = try Subprocess(BinaryHarness.binary, ["--db", location, "widget", "--watch"], environment: loans.environment)
            defer { watch.stop() }
            #expect(watch.waitForLines(1).count == 1, "no answer from widget --watch on \(location)")
            let maps = try loans.run("/bin/cat", ["/proc/\(watch.pid)/maps"]).out  // Foundation reads a /proc file only in part
            #expect(watch.isRunning && maps.contains("/loans"), "widget --watch ended: \(watch.lines)")
            #expect(maps.contains("/libpq.so") == loadsLibpq, "\(location): \(watch.lines)")
        }
    }

    /// The binary as shipped (linked statically, libpq loaded with its own copy of the C library)
    /// connects on a thread of its own, which must work there too: it writes and reads by a host
    /// name (`localhost`, looked up on that thread) and a bar shows the loans.
    @Test func theShippedBinaryConnectsOnAThreadOfItsOwn() throws {
        defer { loans.remove() }
        let shipped = try ShippedBinary.path()
        let named = url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
        let add = try loans.run(shipped, ["--db", named, "add", "Dune", "--from", "Library", "--due", "2026-11-28"])
        #expect(add.status == 0 && add.out == "1\n", "\(add.status): \(add.err)")
        let bar = try loans.run(shipped, ["--db", named, "widget", "--format", "tmux"])
        #expect(bar.status == 0 && bar.out == "#[fg=red]1 overdue: Dune (1 day overdue)#[default]\n", "\(bar.status): \(bar.out) \(bar.err)")
    }

    /// Output without the moments it was made at: a document's and the history's times.
    private func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #""(generated_at|at|database_id)":"[^"]*""#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"(?m)^\d{4}-\d\d-\d\d \d\d:\d\d "#, with: "", options: .regularExpression)
    }

    /// Where the dynamic loader finds libpq.so.5 here.
    private func libpqPath() throws -> String {
        let cache = try loans.run("/sbin/ldconfig", ["-p"]).out
        guard let line = cache.split(separator: "\n").first(where: { $0.contains("libpq.so.5 ") }),
              let path = line.split(separator: " ").last
        else { throw HarnessError("ldconfig -p does not list libpq.so.5: install libpq5 (ci/setup does, with libpq-dev)") }
        return String(path)
    }
}

import Foundation
import Glibc
import LoansTestSupport
import Testing

/// libpq's keyword form of connection details names a PostgreSQL database, never a file; and a
/// password never lands where others can read it — not in a file's name, not in `loans config`,
/// not in the process list, not in a config file others can read — and a password typed on the
/// command line gets a warning that says where it belongs.
@Suite struct PostgresPasswordTests {
    let loans: BinaryHarness
    let server: PostgresServer
    let database: String

    init() throws {
        loans = try BinaryHarness()
        server = try PostgresServer.shared()
        database = try server.createDatabase()
    }

    /// The keyword words for this test's database, as `user` (with `password` when given).
    private func words(user: String = PostgresServer.role, password: String? = nil) -> String {
        "host=127.0.0.1 port=\(server.port) dbname=\(database) user=\(user)" + (password.map { " password='\($0)'" } ?? "")
    }

    /// The files in the harness's folder (where every run of these tests starts).
    private func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: loans.folder).sorted()
    }

    /// `--db 'host=… dbname=…'`, `LOANS_DB` and the config file's `db` in keyword form all reach the
    /// server; no file is made in the current folder.
    @Test func keywordWordsNameADatabaseOnTheServer() throws {
        defer { loans.remove() }
        let added = try loans.shell("cd '\(loans.folder)' && loans --db '\(words())' add Dune --to Ann --due +1d")
        #expect(added.status == 0 && added.out == "1\n", "\(added.status) \(added.err)")
        #expect(try server.psql(database, "SELECT title FROM loans.loan") == "Dune")
        let listed = try loans.shell("cd '\(loans.folder)' && loans list", extra: ["LOANS_DB": words()])
        #expect(listed.status == 0 && listed.out.contains("Dune"), "\(listed.err)")
        try FileManager.default.createDirectory(atPath: loans.folder + "/.config/loans", withIntermediateDirectories: true)
        try "db = \(words())\n".write(toFile: loans.folder + "/.config/loans/config", atomically: false, encoding: .utf8)
        let configured = try loans.shell("cd '\(loans.folder)' && unset LOANS_DB && loans renew 1 --by +1w")
        #expect(configured.status == 0, "\(configured.err)")
        #expect(try server.psql(database, "SELECT cardinality(previous_due_dates) FROM loans.loan") == "1")
        #expect(try files() == [".config"], "a run made a file in the current folder")
    }

    /// A password in keyword words: used to connect, never a file's name, never shown by `loans
    /// config` or in a message, masked in the process list — and the run warns that it belongs in
    /// ~/.pgpass or PGPASSWORD.
    @Test func aPasswordInKeywordWordsIsUsedAndNeverShown() throws {
        defer { loans.remove() }
        let secret = PostgresServer.guardedPassword
        let given = words(user: PostgresServer.guardedRole, password: secret)
        let listed = try loans.shell("cd '\(loans.folder)' && loans --db \"$DB\" list", extra: ["DB": given])
        #expect(listed.status == 0 && listed.out == "No open loans.\n", "\(listed.status) \(listed.out) \(listed.err)")
        #expect(listed.err == Self.warning, "\(listed.err)")
        let config = try loans.shell("cd '\(loans.folder)' && loans --db \"$DB\" config", extra: ["DB": given])
        #expect(config.status == 0 && config.out.contains("db") && config.out.contains("host=127.0.0.1"), "\(config.out)")
        // The role may read but not create (the database is another role's): refused by the server.
        let added = try loans.shell("cd '\(loans.folder)' && loans --db \"$DB\" add Dune --to Ann --due +1d", extra: ["DB": given])
        #expect(added.status == 74 && added.err.contains("permission denied"), "\(added.status) \(added.err)")
        let wrong = try loans.shell("cd '\(loans.folder)' && loans --db \"$DB\" list", extra: ["DB": words(user: PostgresServer.guardedRole, password: "not-" + secret)])
        #expect(wrong.status == 74 && wrong.err.contains("password authentication failed"), "\(wrong.err)")
        for result in [listed, config, added, wrong] {
            #expect(!(result.out + result.err).contains(secret) && !(result.out + result.err).contains("not-"), "\(result.out) \(result.err)")
        }
        let made = try files()
        #expect(made.isEmpty, "a run made a file in the current folder: \(made)")

        let watch = try Subprocess(BinaryHarness.binary, ["--db", given, "widget", "--watch", "--format", "waybar"], environment: loans.environment)
        defer { watch.stop() }
        #expect(watch.waitForLines(1).first?.contains(#""text":"""#) == true, "\(watch.lines)")
        #expect(!(watch.lines.first ?? "").contains("error"), "the run could not use its password: \(watch.lines)")
        let shown = try loans.run("/bin/ps", ["-o", "args=", "-p", String(watch.pid)]).out
        #expect(shown.contains("password=****") && !shown.contains(secret), "\(shown)")
        #expect(!(try loans.run("/bin/cat", ["/proc/\(watch.pid)/cmdline"]).out.contains(secret)))
    }

    /// What a password on the command line is told: once, on stderr, for every command — and never
    /// for a password that came from elsewhere (LOANS_DB is readable by its user alone).
    static let warning =
        "loans: warning: the password in --db shows in the process list (ps) to anyone on this machine until loans hides it; keep it in ~/.pgpass or PGPASSWORD instead\n"

    /// A password in a URL on the command line gets the warning too; the same URL in LOANS_DB does not.
    @Test func onlyAPasswordOnTheCommandLineIsWarnedOf() throws {
        defer { loans.remove() }
        let url = "postgresql://\(PostgresServer.guardedRole):\(PostgresServer.guardedPassword)@127.0.0.1:\(server.port)/\(database)"
        let typed = try loans("--db", url, "widget")
        #expect(typed.status == 0 && typed.err == Self.warning, "\(typed.err)")
        let inherited = try loans.run(BinaryHarness.binary, ["widget"], extra: ["LOANS_DB": url])
        #expect(inherited.status == 0 && inherited.err.isEmpty, "\(inherited.err)")
        let plain = try loans("--db", server.url(database), "widget")
        #expect(plain.status == 0 && plain.err.isEmpty, "\(plain.err)")
    }

    /// A command that keeps going tells it at its start, not when it ends: `loans serve` with a
    /// password in `--db` has the warning on stderr while it is serving, before any stop.
    @Test func serveWarnsOfAPasswordAtStart() throws {
        defer { loans.remove() }
        try server.psql(database, "GRANT ALL ON DATABASE \(database) TO \(PostgresServer.guardedRole)")
        let url = "postgresql://\(PostgresServer.guardedRole):\(PostgresServer.guardedPassword)@127.0.0.1:\(server.port)/\(database)"
        let serve = try ServeProcess(loans, ["--db", url])
        #expect(serve.process.isRunning && serve.process.output.contains("loans: serving on"), "\(serve.process.output)")
        #expect(serve.process.output.hasPrefix(Self.warning), "no warning while serving: \(serve.process.output)")
    }

    /// A config file whose `db` holds a password is refused (78, naming the file and line) when
    /// anyone but its owner may read it, as libpq refuses such a ~/.pgpass; once private, it is used.
    @Test func aConfigFileWithAPasswordMustBePrivate() throws {
        defer { loans.remove() }
        let folder = loans.folder + "/.config/loans"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let url = "postgresql://\(PostgresServer.guardedRole):\(PostgresServer.guardedPassword)@127.0.0.1:\(server.port)/\(database)"
        for db in [url, words(user: PostgresServer.guardedRole, password: PostgresServer.guardedPassword)] {
            try "# the household's server\ndb = \(db)\n".write(toFile: folder + "/config", atomically: false, encoding: .utf8)
            chmod(folder + "/config", 0o644)
            let refused = try loans.run(BinaryHarness.binary, ["list"], extra: ["LOANS_DB": ""])
            #expect(refused.status == 78 && refused.out.isEmpty, "\(refused.status) \(refused.err)")
            #expect(refused.err.hasPrefix("loans: \(folder)/config:2: db holds a password, and others may read this file (mode 644)"), "\(refused.err)")
            #expect(refused.err.contains("~/.pgpass or PGPASSWORD") && !refused.err.contains(PostgresServer.guardedPassword))
            chmod(folder + "/config", 0o640)
            #expect(try loans.run(BinaryHarness.binary, ["list"], extra: ["LOANS_DB": ""]).status == 78, "a file its group may read")
            chmod(folder + "/config", 0o600)
            let used = try loans.run(BinaryHarness.binary, ["list"], extra: ["LOANS_DB": ""])
            #expect(used.status == 0 && used.out == "No open loans.\n" && used.err.isEmpty, "\(used.status) \(used.err)")
        }
        // A config file without a password may be read by anyone.
        try "db = \(server.url(database))\n".write(toFile: folder + "/config", atomically: false, encoding: .utf8)
        chmod(folder + "/config", 0o644)
        #expect(try loans.run(BinaryHarness.binary, ["list"], extra: ["LOANS_DB": ""]).status == 0)
    }

    /// `loans --help`, `loans help --man` and the README say that the database may be a PostgreSQL
    /// server and where a password belongs; the README's documentation list links the guide.
    @Test func helpTellsOfPostgreSQLAndWhereAPasswordGoes() throws {
        defer { loans.remove() }
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md"), encoding: .utf8)
        let documentation = try #require(readme.range(of: "## Documentation\n"))
        #expect(readme[documentation.upperBound...].contains("- [Docs/Deployment.md](Docs/Deployment.md)"), "the README's documentation list lacks Deployment.md")
        for page in [try loans("--help").out, try loans("help", "--man").out, readme] {
            #expect(page.contains("PostgreSQL") && page.contains("postgresql://"), "\(page)")
            #expect(page.contains("~/.pgpass") && page.contains("PGPASSWORD"), "\(page)")
        }
    }
}

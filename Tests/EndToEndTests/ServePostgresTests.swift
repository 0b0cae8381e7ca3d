import Foundation
import LoansTestSupport
import Testing

/// `loans serve` on a PostgreSQL server: the sign-in lives in the database, a web change is
/// `NAME@web as ROLE` in the history (as the command line's who is), undo on the web takes back
/// that person's change, and a CLI write reaches an open page through LISTEN/NOTIFY.
@Suite struct ServePostgresTests {
    @Test func theWebOnAServer() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let url = server.url(database)
        try loans.must("--db", url, "add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let serve = try ServeProcess(loans, ["--db", url])
        #expect(serve.process.isRunning, "\(serve.process.output)")
        let csrf = try serve.signIn()
        #expect(try server.psql(database, "SELECT count(*) FROM loans.web_session") == "1")
        let events = try Subprocess("/usr/bin/curl", ["-s", "-N", "--max-time", "60", "-b", serve.jar, serve.base + "/events"], environment: loans.environment)
        defer { events.stop() }
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 303)
        let user = try loans.tool("/usr/bin/id", "-un").trimmingCharacters(in: .whitespacesAndNewlines)
        let history = try loans.must("--db", url, "history")
        #expect(history.contains("by \(user)@web as \(PostgresServer.role)"), "\(history)")
        usleep(300_000)
        try loans.must("--db", url, "add", "Rope", "--to", "Kim", "--due", "+3d")
        #expect(eventually(patience: 20) { events.output.contains("event: change") }, "\(events.output)")
        #expect(try serve.curl("/undo", form: ["csrf": csrf]).status == 303)
        #expect(try loans.must("--db", url, "show", "1").contains("2026-12-01 (due in 2 days)"))
        #expect(try serve.curl("/").body.contains("Rope"))
    }
}

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
        let events = try serve.openEvents()
        defer { events.stop() }
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 303)
        let user = try loans.tool("/usr/bin/id", "-un").trimmingCharacters(in: .whitespacesAndNewlines)
        let history = try loans.must("--db", url, "history")
        #expect(history.contains("by \(user)@web as \(PostgresServer.role)"), "\(history)")
        let changes = { events.output.components(separatedBy: "event: change").count - 1 }
        #expect(eventually(patience: 20) { changes() >= 1 }, "the web's own write never reached the stream: \(events.output)")
        let before = changes()
        try loans.must("--db", url, "add", "Rope", "--to", "Kim", "--due", "+3d")
        #expect(eventually(patience: 20) { changes() > before }, "the command line's write never reached the stream: \(events.output)")
        #expect(try serve.curl("/undo", form: ["csrf": csrf]).status == 303)
        #expect(try loans.must("--db", url, "show", "1").contains("2026-12-01 (due in 2 days)"))
        #expect(try serve.curl("/").body.contains("Rope"))
    }

    /// Accounts on the server: made with `loans account`, stored only hashed, signed in on the
    /// web, the change `NAME@web as ROLE`, and removed with the session ending at once.
    @Test func accountsOnAServer() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let url = server.url(database)
        try loans.must("--db", url, "add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let password = "server-password-\(UInt32.random(in: 1_000...9_999))"
        try loans.must("--db", url, "account", "add", "Quill", "--password-stdin", stdin: password + "\n")
        let token = try loans.must("--db", url, "account", "token", "quill").trimmingCharacters(in: .whitespacesAndNewlines)
        let stored = try server.psql(database, "SELECT password_hash || ' ' || (SELECT string_agg(token_hash, ',') FROM loans.api_token) FROM loans.account")
        #expect(stored.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$") && !stored.contains(password) && !stored.contains(token))
        let serve = try ServeProcess(loans, ["--db", url])
        #expect(serve.link == nil, "\(serve.process.output)")
        let form = try #require(ServeProcess.csrf(in: try serve.curl("/login").body))
        #expect(try serve.curl("/login", form: ["csrf": form, "name": "QUILL", "password": password]).status == 303)
        let csrf = try #require(ServeProcess.csrf(in: try serve.curl("/").body))
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 303)
        #expect(try loans.must("--db", url, "history").contains("by Quill@web as \(PostgresServer.role)"))
        #expect(try serve.curl("/api/v1/agenda", headers: ["Authorization: Bearer " + token]).status == 200)
        try loans.must("--db", url, "account", "remove", "Quill")
        #expect(try serve.curl("/").status == 303)
        #expect(try serve.curl("/api/v1/agenda", headers: ["Authorization: Bearer " + token]).status == 401)
        #expect(try server.psql(database, "SELECT (SELECT count(*) FROM loans.web_session) + (SELECT count(*) FROM loans.api_token)") == "0")
    }
}

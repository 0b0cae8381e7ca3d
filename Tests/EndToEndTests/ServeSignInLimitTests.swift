import Foundation
import LoansTestSupport
import Testing

/// The limit on failed sign-ins holds when the attempts come all at once: counting the recent
/// failures and taking the attempt are one step in the store, so of forty wrong passwords sent
/// together for one account no more than five are checked (the rest are `429`, or `503` while
/// the password checks are busy) — on one server, and on two servers on one PostgreSQL.
@Suite struct ServeSignInLimitTests {
    static let attempts = 40

    /// Sends `attempts` sign-ins for `name` with wrong passwords at once, spread over `servers`
    /// (each with the sign-in form's cookie and token from a GET first); returns each answer's
    /// status.
    static func flood(_ servers: [ServeProcess], name: String) throws -> [Int] {
        var forms: [(jar: String, csrf: String)] = []
        for serve in servers {
            let page = try serve.curl("/login")
            forms.append((serve.jar, try #require(ServeProcess.csrf(in: page.body), "no form: \(page.body)")))
        }
        let runs = try (0..<attempts).map { index in
            let serve = servers[index % servers.count]
            let form = forms[index % servers.count]
            return try Subprocess(
                "/usr/bin/curl",
                [
                    "-s", "-o", "/dev/null", "-w", "%{http_code}\n", "--max-time", "60", "-b", form.jar, "-H", "Origin: \(serve.base)",
                    "--data-urlencode", "csrf=\(form.csrf)", "--data-urlencode", "name=\(name)", "--data-urlencode", "password=wrong-\(index)",
                    serve.base + "/login",
                ],
                environment: serve.loans.environment
            )
        }
        return runs.map { run in
            Int(run.finish(patience: 90).output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
    }

    static func expectAtMostTheLimitChecked(_ statuses: [Int]) {
        let checked = statuses.filter { $0 == 401 }.count
        #expect(statuses.allSatisfy { [401, 429, 503].contains($0) }, "\(statuses)")
        #expect(checked >= 1 && checked <= 5, "\(checked) of \(statuses.count) passwords were checked: \(statuses)")
    }

    @Test func fortyAtOnceCheckAtMostFiveOnOneServer() throws {
        let loans = try ServeAccountTests.household()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        ServeSignInLimitTests.expectAtMostTheLimitChecked(try ServeSignInLimitTests.flood([serve], name: "Quill"))
        let sixth = try ServeAccountTests.signIn(serve, "Quill", ServeAccountTests.password)
        #expect(sixth.status == 429, "\(sixth.status)")
    }

    @Test func fortyAtOnceCheckAtMostFiveOnTwoServersOnOnePostgreSQL() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let url = server.url(try server.createDatabase())
        try loans.must("--db", url, "account", "add", "Quill", "--password-stdin", stdin: ServeAccountTests.password + "\n")
        let servers = [try ServeProcess(loans, ["--db", url]), try ServeProcess(loans, ["--db", url])]
        ServeSignInLimitTests.expectAtMostTheLimitChecked(try ServeSignInLimitTests.flood(servers, name: "quill"))
        #expect(try ServeAccountTests.signIn(servers[1], "Quill", ServeAccountTests.password).status == 429)
    }
}

import Foundation
import Glibc
import LoansTestSupport
import Testing

/// Two `loans serve` on one PostgreSQL database behind one nginx that hands requests to them in
/// turn (the guide's "several" site, no sticky sessions): a session begun at one is good at the
/// other, a write through the other reaches the `/events` stream the first holds (LISTEN/NOTIFY),
/// and every request through the proxy is answered whichever server gets it.
@Suite struct ServeSeveralTests {
    @Test func anyServerAnswersAnyRequest() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let url = server.url(database)
        try loans.must("--db", url, "add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        let (firstPort, secondPort) = (try ServeProcess.freePort(), try ServeProcess.freePort())
        let first = try ServeProcess(loans, ["--db", url, "--trust-proxy"], port: firstPort)
        let second = try ServeProcess(loans, ["--db", url, "--trust-proxy"], port: secondPort)
        #expect(first.process.isRunning && second.process.isRunning, "\(first.process.output) \(second.process.output)")
        let nginx = try NginxProxy(site: "several", upstreams: [firstPort, secondPort], folder: loans.folder, certificate: pem)

        // Signed in at the first; the second knows the session (the same cookies, its own jar).
        let csrf = try first.signIn()
        try FileManager.default.copyItem(atPath: first.jar, toPath: second.jar)
        let page = try second.curl("/")
        #expect(page.status == 200 && page.body.contains("<bdi>Dune</bdi>") && ServeProcess.csrf(in: page.body) == csrf, "\(page.status)")

        // The first holds a page's stream; a write through the second reaches it.
        let events = try first.openEvents()
        defer { events.stop() }
        #expect(try second.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 303)
        #expect(eventually(patience: 20) { events.output.contains("event: change\ndata: ") }, "\(events.output)")
        #expect(try first.curl("/loans/1").body.contains("2026-12-08"), "the first server shows the second's write")

        // Through the proxy, in turn to each: every request answered, a write through either kept.
        #expect(eventually(patience: 30) { !nginx.process.isRunning || (try? ServeSeveralTests.proxied(loans, nginx, first.jar, pem, "/healthz").body) == "ok\n" }, "\(nginx.diagnosis)")
        for index in 0..<6 {
            let answer = try ServeSeveralTests.proxied(loans, nginx, first.jar, pem, "/all")
            #expect(answer.status == 200 && answer.body.contains("<bdi>Dune</bdi>"), "request \(index): \(answer.status)")
            let added = try ServeSeveralTests.proxied(
                loans, nginx, first.jar, pem, "/loans", form: ["csrf": csrf, "title": "Tool \(index)", "direction": "lent", "counterparty": "Kim", "due": "+1w"]
            )
            #expect(added.status == 303, "write \(index): \(added.status) \(added.body)")
        }
        let titles = try loans.must("--db", url, "list", "--all")
        #expect((0..<6).allSatisfy { titles.contains("Tool \($0)") }, "\(titles)")
        for serve in [first, second] {
            let forwarded = ServeBehindNginxTests.requestLines(serve).filter { $0.contains(" 127.0.0.9 ") }
            #expect(forwarded.count >= 4, "each server answered some of the proxied requests: \(serve.process.output)")
        }
    }

    /// One request through nginx, from 127.0.0.9, with the cookies of `jar` (a form is sent from
    /// the proxy's origin).
    static func proxied(
        _ loans: BinaryHarness, _ nginx: NginxProxy, _ jar: String, _ pem: (certificate: String, key: String), _ path: String, form: [String: String]? = nil
    ) throws -> Reply {
        var arguments = ["-s", "-S", "-i", "--max-time", "20", "--interface", "127.0.0.9", "--cacert", pem.certificate, "-b", jar]
        if let form {
            arguments += ["-H", "Origin: \(nginx.origin)"]
            for (name, value) in form.sorted(by: { $0.key < $1.key }) { arguments += ["--data-urlencode", "\(name)=\(value)"] }
        }
        return Reply(try loans.run("/usr/bin/curl", arguments + [nginx.origin + path], seconds: 30).out)
    }
}

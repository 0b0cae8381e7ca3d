import Foundation
import Glibc
import LoansTestSupport
import Testing

/// `loans serve` behind a real nginx that does TLS, with the site Docs/Deployment.md gives
/// (`NginxProxy`): serve listens on loopback in plain HTTP, nginx passes every request on.
/// Through the proxy: the one-time link, a `Secure` session cookie, the server's header fields,
/// a form from the proxy's origin taken and one from another origin refused with nothing
/// written, the API's 401, and a CLI write reaching an open `/events` stream unbuffered. With
/// `--trust-proxy` the server counts a request against the address nginx got it from and takes
/// nginx's word that it came over TLS; without, a forwarded address is not believed.
@Suite struct ServeBehindNginxTests {
    /// Reads the serve log's lines of requests (not its own `loans: ` lines).
    static func requestLines(_ serve: ServeProcess) -> [String] {
        serve.process.lines.filter { !$0.hasPrefix("loans: ") }
    }

    @Test func aReverseProxyDoesTLSInFront() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        let upstream = try ServeProcess.freePort()
        let nginx = try NginxProxy(site: "site", upstreams: [upstream], folder: loans.folder, certificate: pem)
        let proxied = nginx.origin
        let serve = try ServeProcess(loans, ["--base-url", proxied + "/"], port: upstream, trusting: pem.certificate, reachedAt: proxied)
        let up = eventually(patience: 30) { !nginx.process.isRunning || (try? serve.curl("/healthz").body) == "ok\n" }
        #expect(up && nginx.process.isRunning, "\(nginx.diagnosis)")

        // Signed in through the proxy with the link made from the base URL; the cookie is Secure.
        #expect(try #require(serve.link).hasPrefix(proxied + "/login?once="))
        let csrf = try serve.signIn()
        #expect(try String(contentsOfFile: serve.jar, encoding: .utf8).split(separator: "\n").contains { $0.contains("loans_session") && $0.contains("\tTRUE\t") }, "the session cookie is Secure")
        let page = try serve.curl("/")
        #expect(page.status == 200 && page.body.contains("<bdi>Dune</bdi>"), "\(page.status) \(page.body.prefix(300))")
        ServeEndToEndTests.expectCommonHeaders(page, "/ through nginx")
        #expect(page.header("Server")?.hasPrefix("nginx") == true, "the answer came through nginx")

        // A form from the proxy's origin is taken; from another origin it is refused, unwritten.
        let added = try serve.curl("/loans", form: ["csrf": csrf, "title": "Ladder", "direction": "lent", "counterparty": "Kim", "due": "+1w"])
        #expect(added.status == 303, "\(added.status) \(added.body)")
        let foreign = try serve.curl("/loans", form: ["csrf": csrf, "title": "Rope", "direction": "lent", "counterparty": "Kim", "due": "+1w"], origin: "https://evil.example")
        #expect(foreign.status == 403)
        let titles = try loans.must("list", "--all")
        #expect(titles.contains("Ladder") && !titles.contains("Rope"), "\(titles)")

        // The API without a session is 401 with a JSON error, through the proxy as well.
        let anonymous = try loans.run("/usr/bin/curl", ["-s", "-i", "--max-time", "20", "--cacert", pem.certificate, proxied + "/api/v1/agenda"], seconds: 30)
        #expect(Reply(anonymous.out).status == 401 && Reply(anonymous.out).header("Content-Type")?.hasPrefix("application/json") == true, "\(anonymous.out)")

        // Without --trust-proxy the forwarded address is not believed: every request is nginx's.
        _ = try serve.curl("/all", headers: ["X-Forwarded-For: 203.0.113.9"])
        let lines = ServeBehindNginxTests.requestLines(serve)
        #expect(lines.contains { $0.contains(" 127.0.0.1 GET /all 200 ") }, "\(lines)")
        #expect(!lines.contains { $0.contains("203.0.113.9") }, "\(lines)")

        // A CLI write reaches a stream open through the proxy (nothing holds the events back).
        let events = try Subprocess(
            "/usr/bin/curl", ["-s", "-i", "-N", "--max-time", "60", "--cacert", pem.certificate, "-b", serve.jar, proxied + "/events"], environment: loans.environment
        )
        defer { events.stop() }
        #expect(eventually(patience: 20) { events.output.contains("text/event-stream") }, "the stream opened: \(events.output)")
        try loans.must("add", "Tent", "--to", "Sam", "--due", "+3d")
        #expect(eventually(patience: 20) { events.output.contains("event: change\ndata: ") }, "\(events.output)")
    }

    /// `--trust-proxy` with no `https://` base URL: the cookie is `Secure` because nginx says the
    /// browser came over TLS, and the log shows the address nginx got each request from (the
    /// client comes from 127.0.0.5, another address of this machine), never the one a client
    /// wrote into its own `X-Forwarded-For`.
    @Test func aTrustedProxyNamesTheClientAndTheScheme() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        let upstream = try ServeProcess.freePort()
        let nginx = try NginxProxy(site: "site", upstreams: [upstream], folder: loans.folder, certificate: pem)
        let serve = try ServeProcess(loans, ["--trust-proxy"], port: upstream, trusting: pem.certificate, reachedAt: nginx.origin)
        serve.clientArguments = ["--interface", "127.0.0.5"]
        let up = eventually(patience: 30) { !nginx.process.isRunning || (try? serve.curl("/healthz").body) == "ok\n" }
        #expect(up && nginx.process.isRunning, "\(nginx.diagnosis)")

        #expect(try #require(serve.link).hasPrefix("http://127.0.0.1:\(upstream)/login?once="), "the base is still plain http")
        try serve.signIn()
        #expect(try String(contentsOfFile: serve.jar, encoding: .utf8).split(separator: "\n").contains { $0.contains("loans_session") && $0.contains("\tTRUE\t") }, "the session cookie is Secure")
        let page = try serve.curl("/all", headers: ["X-Forwarded-For: 203.0.113.9", "X-Forwarded-Proto: http"])
        #expect(page.status == 200 && page.body.contains("<bdi>Dune</bdi>"), "\(page.status)")

        let lines = ServeBehindNginxTests.requestLines(serve)
        #expect(lines.contains { $0.contains(" 127.0.0.5 POST /login 303 ") }, "\(lines)")
        #expect(lines.contains { $0.contains(" 127.0.0.5 GET /all 200 ") }, "\(lines)")
        #expect(!lines.contains { $0.contains("203.0.113.9") || $0.contains(" 127.0.0.1 ") }, "\(lines)")

        // Straight to the server (no proxy), the same header from this machine is believed —
        // which is why --trust-proxy is only for a server whose every local client is the proxy.
        let direct = try loans.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-H", "X-Forwarded-For: 198.51.100.3", "http://127.0.0.1:\(upstream)/healthz"], seconds: 30)
        #expect(direct.status == 0)
        #expect(eventually(patience: 10) { ServeBehindNginxTests.requestLines(serve).contains { $0.contains(" 198.51.100.3 GET /healthz 200 ") } }, "\(serve.process.output)")
    }

    /// Behind a trusted nginx the limit on failed sign-ins counts the address nginx got each
    /// attempt from: five failures from 127.0.0.5 stop its sixth (right password, and a forged
    /// `X-Forwarded-For` changes nothing), while 127.0.0.6 signs in — counted against nginx's own
    /// address, as without `--trust-proxy`, it would be stopped too.
    @Test func theSignInLimitCountsTheForwardedAddress() throws {
        let loans = try ServeAccountTests.household()
        defer { loans.remove() }
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        let upstream = try ServeProcess.freePort()
        let nginx = try NginxProxy(site: "site", upstreams: [upstream], folder: loans.folder, certificate: pem)
        let serve = try ServeProcess(loans, ["--trust-proxy"], port: upstream, trusting: pem.certificate, reachedAt: nginx.origin)
        serve.clientArguments = ["--interface", "127.0.0.5", "-H", "X-Forwarded-For: 127.0.0.9"]
        let up = eventually(patience: 30) { !nginx.process.isRunning || (try? serve.curl("/healthz").body) == "ok\n" }
        #expect(up && nginx.process.isRunning, "\(nginx.diagnosis)")
        for attempt in 1...5 {
            #expect(try ServeAccountTests.signIn(serve, "nobody-\(attempt)", "wrong-\(attempt)").status == 401)
        }
        let sixth = try ServeAccountTests.signIn(serve, "Quill", ServeAccountTests.password)
        #expect(sixth.status == 429 && sixth.header("Retry-After") != nil, "\(sixth.status)")
        serve.clientArguments = ["--interface", "127.0.0.6"]
        let elsewhere = try ServeAccountTests.signIn(serve, "Quill", ServeAccountTests.password)
        #expect(elsewhere.status == 303, "another address is not held back: \(elsewhere.status) \(elsewhere.body.prefix(200))")
        let lines = ServeBehindNginxTests.requestLines(serve)
        #expect(lines.filter { $0.contains(" 127.0.0.5 POST /login 401 ") }.count == 5 && lines.contains { $0.contains(" 127.0.0.6 POST /login 303 ") }, "\(lines)")
    }

    /// The one-time link's token never reaches nginx's access log, with either site of the guide:
    /// not from the link itself (`GET /login?once=…`), nor from the `Referer` a browser sends
    /// with the sign-in page's stylesheet (the page's whole address, to its own origin).
    @Test(arguments: ["site", "several"])
    func theOneTimeLinkStaysOutOfNginxsLog(_ site: String) throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        let upstream = try ServeProcess.freePort()
        let nginx = try NginxProxy(site: site, upstreams: site == "site" ? [upstream] : [upstream, upstream], folder: loans.folder, certificate: pem)
        let serve = try ServeProcess(loans, ["--base-url", nginx.origin + "/", "--trust-proxy"], port: upstream, trusting: pem.certificate, reachedAt: nginx.origin)
        let up = eventually(patience: 30) { !nginx.process.isRunning || (try? serve.curl("/healthz").body) == "ok\n" }
        #expect(up && nginx.process.isRunning, "\(nginx.diagnosis)")
        let link = try #require(serve.link)
        let token = String(link.split(separator: "=").last ?? "")
        let page = try serve.curl(link)
        let stylesheet = try #require(page.body.components(separatedBy: "/static/").dropFirst().map { String($0.prefix { $0 != "\"" }) }.first { $0.hasSuffix("css") })
        #expect(try serve.curl("/static/" + stylesheet, headers: ["Referer: \(link)"]).status == 200)
        try serve.signIn()
        let log = nginx.folder + "/nginx-access.log"
        #expect(eventually(patience: 20) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("POST /login") }, "\(nginx.diagnosis)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("GET /login ") && text.contains("GET /static/"), "\(text)")
        #expect(!text.contains(token), "the one-time link's token is in nginx's access log: \(text)")
    }

    /// A share link's token and a private feed's are in the path itself; nginx's access log, with
    /// either site of the guide, shows that path with the token as `[redacted]` — the page, its
    /// feed, the private feed, and a wrong token alike.
    @Test(arguments: ["site", "several"])
    func shareAndFeedTokensStayOutOfNginxsLog(_ site: String) throws {
        let household = try SharingHousehold(.sqlite)
        defer { household.remove() }
        let loans = household.loans
        let pem = try ServeTLSTests.certificate(in: loans.folder)
        let upstream = try ServeProcess.freePort()
        let nginx = try NginxProxy(site: site, upstreams: site == "site" ? [upstream] : [upstream, upstream], folder: loans.folder, certificate: pem)
        try "serve.base_url = \(nginx.origin)/\n".write(toFile: loans.folder + "/.config/loans/config", atomically: true, encoding: .utf8)
        let serve = try ServeProcess(loans, ["--trust-proxy"], port: upstream, trusting: pem.certificate, reachedAt: nginx.origin)
        let up = eventually(patience: 30) { !nginx.process.isRunning || (try? serve.curl("/healthz").body) == "ok\n" }
        #expect(up && nginx.process.isRunning, "\(nginx.diagnosis)")
        try loans.must("account", "add", "Quill", "--password-stdin", stdin: "correct-horse-battery\n")
        let share = try loans.must("share", "Alice").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(share.hasPrefix(nginx.origin + "/s/"), "\(share)")
        let feed = try loans.must("account", "feed", "Quill").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(feed.hasPrefix("webcal://127.0.0.1:\(nginx.port)/feeds/"), "\(feed)")
        let feedURL = "https" + feed.dropFirst("webcal".count)
        #expect(try serve.curl(share).status == 200)
        #expect(try serve.curl(share + "/calendar.ics").status == 200)
        #expect(try serve.curl(feedURL).status == 200)
        #expect(try serve.curl(nginx.origin + "/s/" + String(repeating: "ab", count: 32)).status == 404)
        let log = nginx.folder + "/nginx-access.log"
        #expect(eventually(patience: 20) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("/s/[redacted] ") }, "\(nginx.diagnosis)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("GET /s/[redacted] ") && text.contains("GET /s/[redacted]/calendar.ics ") && text.contains("GET /feeds/[redacted] "), "\(text)")
        let tokens = [String(share.suffix(64)), String(feed.dropLast(4).suffix(64)), String(repeating: "ab", count: 32)]
        for token in tokens { #expect(!text.contains(token.prefix(16)), "a token is in nginx's access log: \(text)") }
    }
}

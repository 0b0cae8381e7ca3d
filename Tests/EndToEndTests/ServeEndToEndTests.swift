import Foundation
import Glibc
import LoansTestSupport
import Testing

/// `loans serve` as a user runs it, over HTTP with curl: every route with its status and header
/// fields, the sign-in link, the log, the stop on a signal, an address in use, the API's bytes
/// against `loans json`'s, and a CLI write reaching an open `/events` stream.
@Suite struct ServeEndToEndTests {
    static let policy = "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    static func seeded() throws -> BinaryHarness {
        let loans = try BinaryHarness()
        try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-26")
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        try loans.must("add", "Tent", "--to", "Sam", "--due", "2026-12-24", "--lent", "2026-11-01")
        try loans.must("return", "3", "--on", "2026-11-28")
        return loans
    }

    static func expectCommonHeaders(_ reply: Reply, _ what: String) {
        #expect(reply.header("Content-Security-Policy") == policy, "\(what)")
        #expect(reply.header("X-Content-Type-Options") == "nosniff", "\(what)")
        #expect(reply.header("Referrer-Policy") == "same-origin", "\(what)")
    }

    @Test func everyRouteAnswersWithItsStatusAndHeaders() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        #expect(serve.process.isRunning, "\(serve.process.output)")
        // Before signing in: pages send to the sign-in page, machines get 401 in JSON.
        let anonymous = try serve.curl("/")
        #expect(anonymous.status == 303 && anonymous.header("Location") == "/login")
        ServeEndToEndTests.expectCommonHeaders(anonymous, "303")
        let api = try serve.curl("/api/v1/agenda")
        #expect(api.status == 401 && api.header("Content-Type") == "application/json" && api.body.hasPrefix("{\"error\":"))
        #expect(try serve.curl("/healthz").body == "ok\n")
        let csrf = try serve.signIn()
        let cookie = try #require(try String(contentsOfFile: serve.jar, encoding: .utf8).split(separator: "\n").first { $0.contains("loans_session") })
        #expect(cookie.hasPrefix("#HttpOnly_127.0.0.1"), "\(cookie)")

        let pages: [(String, Int, String)] = [
            ("/", 200, "text/html; charset=utf-8"), ("/all", 200, "text/html; charset=utf-8"), ("/returned", 200, "text/html; charset=utf-8"),
            ("/search?q=Hob", 200, "text/html; charset=utf-8"), ("/loans/1", 200, "text/html; charset=utf-8"), ("/loans/new", 200, "text/html; charset=utf-8"),
            ("/loans/1/remove", 200, "text/html; charset=utf-8"), ("/loans/99", 404, "text/html; charset=utf-8"), ("/login", 200, "text/html; charset=utf-8"),
            ("/api/v1/agenda", 200, "application/json"), ("/api/v1/overdue", 200, "application/json"), ("/api/v1/due-soon", 200, "application/json"),
            ("/api/v1/all", 200, "application/json"), ("/api/v1/history", 200, "application/json"), ("/api/v1/all?ndjson=1", 200, "application/x-ndjson"),
            ("/calendar.ics", 200, "text/calendar; charset=utf-8"), ("/healthz", 200, "text/plain; charset=utf-8"), ("/nowhere", 404, "text/plain; charset=utf-8"),
            ("/?after=bad", 400, "text/html; charset=utf-8"),
        ]
        for (path, status, type) in pages {
            let reply = try serve.curl(path)
            #expect(reply.status == status && reply.header("Content-Type") == type, "\(path): \(reply.status) \(reply.header("Content-Type") ?? "")")
            ServeEndToEndTests.expectCommonHeaders(reply, path)
        }
        let home = try serve.curl("/")
        #expect(home.body.contains("<bdi>The Hobbit</bdi>") && home.body.contains("3 days overdue") && home.body.contains("action=\"/feeds\""))
        let wrongMethod = try serve.curl("/undo")
        #expect(wrongMethod.status == 405 && wrongMethod.header("Allow") == "POST")
        let head = try serve.curl("/", method: "HEAD", extra: ["-I"])
        #expect(head.status == 200)
        for asset in ["css", "js"] {
            let name = try #require(home.body.components(separatedBy: "/static/").dropFirst().map { String($0.prefix { $0 != "\"" }) }.first { $0.hasSuffix(asset) })
            let reply = try serve.curl("/static/" + name)
            #expect(reply.status == 200 && reply.header("Cache-Control") == "public, max-age=31536000, immutable", "\(name)")
        }
        // ETag and 304.
        let document = try serve.curl("/api/v1/agenda")
        let tag = try #require(document.header("ETag"))
        #expect(try serve.curl("/api/v1/agenda", headers: ["If-None-Match: \(tag)"]).status == 304)
        let feed = try serve.curl("/calendar.ics")
        #expect(try serve.curl("/calendar.ics", headers: ["If-None-Match: \(try #require(feed.header("ETag")))"]).status == 304)

        // The forms: 303, 422 with the input kept, 403 without the token or from elsewhere, 404.
        let added = try serve.curl("/loans", form: ["csrf": csrf, "title": "Ladder", "direction": "lent", "counterparty": "Kim", "due": "+1w"])
        #expect(added.status == 303 && added.header("Location") == "/loans/4")
        #expect(added.all("Set-Cookie").contains { $0.hasPrefix("loans_flash=") && $0.contains("HttpOnly") && $0.contains("SameSite=Lax") })
        ServeEndToEndTests.expectCommonHeaders(added, "POST /loans")
        let refused = try serve.curl("/loans", form: ["csrf": csrf, "title": "Rope", "direction": "lent", "counterparty": "Kim", "due": "someday"])
        #expect(refused.status == 422 && refused.body.contains("value=\"someday\"") && refused.body.contains("is not a date"))
        #expect(try serve.curl("/loans", form: ["title": "X", "direction": "lent", "counterparty": "Kim", "due": "+1w"]).status == 403)
        #expect(try serve.curl("/loans", form: ["csrf": csrf, "title": "X", "direction": "lent", "counterparty": "Kim", "due": "+1w"], origin: "http://evil.example").status == 403)
        #expect(try serve.curl("/loans", form: ["csrf": csrf, "title": "X", "direction": "lent", "counterparty": "Kim", "due": "+1w"], origin: .some(nil)).status == 403)
        #expect(try serve.curl("/loans/99/renew", form: ["csrf": csrf, "by": "+1w"]).status == 404)
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 303)
        #expect(try serve.curl("/loans/1/return", form: ["csrf": csrf, "on": "today"]).status == 303)
        #expect(try serve.curl("/loans/1/reopen", form: ["csrf": csrf]).status == 303)
        #expect(try serve.curl("/loans/4/edit", form: ["csrf": csrf, "title": "Long ladder", "direction": "lent", "counterparty": "Kim", "due": "2026-12-10", "lent": "2026-11-29", "note": ""]).status == 303)
        #expect(try serve.curl("/loans/4/remove", form: ["csrf": csrf]).status == 303)
        #expect(try serve.curl("/undo", form: ["csrf": csrf]).status == 303)
        #expect(try serve.curl("/redo", form: ["csrf": csrf]).status == 303)
        // The server's own refusals carry the same fields: a body past 64 KiB is 413.
        let large = try serve.curl("/loans", form: ["csrf": csrf, "note": String(repeating: "n", count: 70_000)])
        #expect(large.status == 413)
        ServeEndToEndTests.expectCommonHeaders(large, "413")
        // Every web change is the signed-in person's, NAME@web; nothing refused was written.
        let history = try loans.must("history")
        let user = try loans.tool("/usr/bin/id", "-un").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(history.components(separatedBy: "— by \(user)@web").count - 1 >= 8, "\(history)")
        #expect(!history.contains("Rope") && !history.contains(" X "))
        #expect(try serve.curl("/logout", form: ["csrf": csrf]).status == 303)
        #expect(try serve.curl("/").status == 303)
    }

    /// One line per request, none with a query string, a cookie, a token or a form's value.
    @Test func theLogHoldsNoSecret() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        let link = try #require(serve.link)
        let once = String(link.split(separator: "=").last ?? "")
        let csrf = try serve.signIn()
        _ = try serve.curl("/search?q=secret-search-text")
        _ = try serve.curl("/loans", form: ["csrf": csrf, "title": "secret-title", "direction": "lent", "counterparty": "Kim", "due": "+1w"])
        let session = try #require(try String(contentsOfFile: serve.jar, encoding: .utf8).split(separator: "\n").first { $0.contains("loans_session") }?.split(separator: "\t").last)
        serve.process.stop()
        let lines = serve.process.lines.filter { !$0.hasPrefix("loans: ") }
        #expect(lines.count >= 5, "\(serve.process.output)")
        for line in lines {
            #expect(line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d 127\.0\.0\.1 (GET|POST|HEAD) /\S* (\d{3}|-) [\d.]+ ms$"#, options: .regularExpression) != nil, "\(line)")
            for secret in [once, String(session), csrf, "secret-search-text", "secret-title", "?"] { #expect(!line.contains(secret), "\(line)") }
        }
        #expect(lines.contains { $0.contains("GET /search 200") } && lines.contains { $0.contains("POST /loans 303") })
        #expect(try loans.must("history").contains("secret-title"))
    }

    /// A path segment that holds 32 or more characters of a token's alphabet in a row (hex,
    /// base64url), as sent or with its percent-escapes decoded (once or more), is logged as
    /// `[redacted]`.
    @Test func pathSegmentsThatMayHoldATokenAreRedacted() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        let hex = String(repeating: "0123456789abcdef", count: 4)
        let short = String(hex.prefix(31))
        let encoded = hex.prefix(40).utf8.map { "%" + String($0, radix: 16) }.joined()
        let twice = encoded.replacingOccurrences(of: "%", with: "%25")
        let sent: [(path: String, secrets: [String])] = [
            ("/x/\(hex)00", [hex]), ("/x/%\(hex)", [hex]), ("/x/a.\(hex.uppercased()).b", [hex.uppercased()]),
            ("/x/\(encoded)/y", [encoded, String(hex.prefix(40))]), ("/x/%25\(twice)", [twice]),
            ("/x/Zm9vYmFyYmF6cXV4-_Zm9vYmFyYmF6cXV4-_Zm9v", ["Zm9vYmFyYmF6cXV4-_Zm9v"]),
        ]
        for item in sent + [("/x/\(short)", []), ("/loans/3", [])] { _ = try serve.curl(item.path) }
        #expect(eventually(patience: 20) { ServeBehindNginxTests.requestLines(serve).count >= sent.count + 2 }, "\(serve.process.output)")
        let lines = ServeBehindNginxTests.requestLines(serve)
        #expect(lines.filter { $0.contains(" GET /x/[redacted] 404 ") }.count == 5, "\(lines)")
        #expect(lines.contains { $0.contains(" GET /x/[redacted]/y 404 ") }, "\(lines)")
        #expect(lines.contains { $0.contains(" GET /x/\(short) 404 ") } && lines.contains { $0.contains(" GET /loans/3 ") }, "\(lines)")
        for (path, secrets) in sent {
            for secret in secrets { #expect(!lines.contains { $0.contains(secret) }, "\(path) left \(secret) in the log: \(lines)") }
        }
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsItWithExitZero(_ signal: Int32) throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        try serve.signIn()
        // An open live stream does not hold the stop back.
        let events = try serve.openEvents(seconds: 30)
        defer { events.stop() }
        kill(serve.process.pid, signal)
        let started = Date()
        let (code, output) = serve.process.finish(patience: 15)
        #expect(code == 0, "\(output)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(events.waitForExit(patience: 10), "the live stream was ended")
    }

    @Test func anAddressInUseIsExit74NamingIt() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let first = try ServeProcess(loans)
        #expect(first.process.isRunning)
        let second = try loans("serve", "--listen", "127.0.0.1:\(first.port)")
        #expect(second.status == 74 && second.err.contains("127.0.0.1:\(first.port)") && second.err.contains("already in use"), "\(second.err)")
        let wrong = try loans("serve", "--listen", "somewhere:80")
        #expect(wrong.status == 64 && wrong.err.contains("--listen"), "\(wrong.err)")
    }

    /// While the store has no account, serve listens on this machine only.
    @Test func withoutAnAccountOnlyLoopback() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let everywhere = try loans("serve", "--listen", "0.0.0.0:\(try ServeProcess.freePort())")
        #expect(everywhere.status == 64 && everywhere.err.contains("listens on this machine only"), "\(everywhere.err)")
    }

    /// An https base URL makes the cookies Secure; links are made from it.
    @Test func anHTTPSBaseURLMakesCookiesSecure() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans, ["--base-url", "https://loans.example:8443/"])
        let link = try #require(serve.link)
        #expect(link.hasPrefix("https://loans.example:8443/login?once="))
        let page = try serve.curl("/login?once=" + String(link.split(separator: "=").last ?? ""))
        #expect(page.all("Set-Cookie").allSatisfy { $0.hasSuffix("; Secure") }, "\(page.all("Set-Cookie"))")
    }

    /// The API's documents are `loans json`'s, byte for byte apart from `generated_at`.
    @Test func theAPIIsLoansJSON() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        try serve.signIn()
        func stamped(_ text: String) -> String {
            text.replacingOccurrences(of: #""generated_at":"[^"]*""#, with: "\"generated_at\":\"-\"", options: .regularExpression)
        }
        for (path, words) in [("agenda", ["agenda"]), ("overdue", ["overdue"]), ("due-soon", ["due-soon"]), ("all", ["all"]), ("history", ["history"]), ("all?ndjson=1", ["all", "--ndjson"]), ("due-soon?window=30", ["due-soon", "--window", "30"])] {
            let web = try serve.curl("/api/v1/" + path)
            let cli = try Tool.run(BinaryHarness.binary, ["json"] + words, environment: loans.environment)
            #expect(stamped(web.body) == stamped(cli), "\(path)")
        }
    }

    /// A CLI write reaches an open page's `/events` stream.
    @Test func aCommandLineWriteReachesAnOpenStream() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        try serve.signIn()
        let events = try serve.openEvents()
        defer { events.stop() }
        try loans.must("add", "Rope", "--to", "Kim", "--due", "+3d")
        #expect(eventually(patience: 20) { events.output.contains("event: change\ndata: ") }, "\(events.output)")
    }

    /// The status bar's run never maps the HTTP library; serve does.
    @Test func theWidgetNeverMapsTheHTTPLibrary() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let watch = try Subprocess(BinaryHarness.binary, ["widget", "--watch"], environment: loans.environment)
        defer { watch.stop() }
        #expect(watch.waitForLines(1).count == 1)
        let maps = try loans.run("/bin/cat", ["/proc/\(watch.pid)/maps"]).out
        #expect(maps.contains("/loans") && !maps.contains("libmicrohttpd"), "the widget mapped libmicrohttpd")
        let serve = try ServeProcess(loans)
        let served = try loans.run("/bin/cat", ["/proc/\(serve.process.pid)/maps"]).out
        #expect(served.contains("libmicrohttpd.so"))
    }
}

import Foundation
import LoansCore
import LoansTestSupport
@testable import LoansWeb
import Testing

/// Who may change what: no session, no page (`303` to the sign-in page; the API `401` in JSON);
/// no CSRF token or a foreign origin, no change (`403`, nothing written); cookies with the flags
/// they need; a GET never writes.
@Suite struct SecurityTests {
    static let loans = [Sample.loan(1, due: -2, title: "The Hobbit"), Sample.loan(2, due: 3, title: "Dune")]

    @Test func withoutASessionPagesSendToSignInAndMachinesGet401() throws {
        let web = TestFront(loans: SecurityTests.loans)
        for path in ["/", "/all", "/returned", "/search?q=x", "/loans/1", "/loans/new", "/loans/1/remove"] {
            let answer = web.get(path)
            #expect(answer.status == 303 && answer.header("Location") == "/login", "\(path)")
        }
        for path in ["/api/v1/agenda", "/api/v1/history", "/calendar.ics", "/events"] {
            let answer = web.get(path)
            #expect(answer.status == 401 && answer.header("Content-Type") == "application/json", "\(path)")
            #expect(answer.body.hasPrefix("{\"error\":"), "\(path)")
        }
        #expect(web.post("/loans", [("title", "X")], csrf: "x").status == 303)
        #expect(try web.store.history(of: nil, limit: nil).isEmpty)
        #expect(web.get("/healthz").body == "ok\n")
        #expect(web.get("/login").status == 200)
    }

    @Test func aCookieThatIsNotASessionSignsNobodyIn() throws {
        let web = TestFront(loans: SecurityTests.loans)
        web.cookies[WebCookies.session] = String(repeating: "a", count: 64)
        #expect(web.get("/").status == 303)
        web.cookies[WebCookies.session] = "' OR 1=1 --"
        #expect(web.get("/").status == 303)
    }

    /// Every write needs the session's token and this server's origin; each refusal is 403 and
    /// writes nothing.
    @Test(arguments: ["/loans", "/loans/1/edit", "/loans/1/renew", "/loans/1/return", "/loans/1/reopen", "/loans/1/remove", "/undo", "/redo", "/logout"])
    func aWriteWithoutTokenOrFromElsewhereIsRefused(_ path: String) throws {
        let web = TestFront(loans: SecurityTests.loans)
        let csrf = try web.signIn()
        let fields = [("title", "X"), ("direction", "lent"), ("counterparty", "Y"), ("due", "+1w"), ("by", "+1w")]
        let refusals = [
            web.post(path, fields, csrf: .some(nil)),
            web.post(path, fields, csrf: .some(String(repeating: "0", count: 64))),
            web.post(path, fields, csrf: .some(WebTokens.csrf(forSession: String(repeating: "b", count: 64)))),
            web.post(path, fields, origin: "http://evil.example"),
            web.post(path, fields, origin: "null"),
            web.post(path, fields, origin: nil),
        ]
        for answer in refusals { #expect(answer.status == 403, "\(path): \(answer.status)") }
        #expect(try web.store.history(of: nil, limit: nil).isEmpty)
        #expect(web.get("/").status == 200, "the session survived")
        // A Referer of this server stands for a missing Origin; one of another site does not.
        let viaReferer = web.send("POST", "/loans/1/renew", form: [WebField("by", "+1w"), WebField("csrf", csrf)], headers: [WebField("Host", "127.0.0.1:8742"), WebField("Referer", "http://127.0.0.1:8742/loans/1")])
        #expect(viaReferer.status == 303)
        let foreignReferer = web.send("POST", "/loans/1/renew", form: [WebField("by", "+1w"), WebField("csrf", csrf)], headers: [WebField("Host", "127.0.0.1:8742"), WebField("Referer", "http://127.0.0.1:8742.evil.example/")])
        #expect(foreignReferer.status == 403)
    }

    /// No GET (or HEAD) changes anything, whatever it carries.
    @Test func noGETWrites() throws {
        let web = TestFront(loans: SecurityTests.loans)
        try web.signIn()
        for path in ["/", "/all", "/returned", "/search?q=Hobbit", "/loans/1", "/loans/new", "/loans/1/remove", "/api/v1/all", "/api/v1/history", "/calendar.ics", "/healthz", "/loans/1/renew?by=%2B1w", "/undo", "/logout", "/login"] {
            _ = web.get(path)
        }
        #expect(try web.store.history(of: nil, limit: nil).isEmpty)
        #expect(try web.store.loan(LoanID(1))?.dueOn == Sample.day(-2))
        #expect(web.get("/").status == 200, "still signed in: GET /logout signs nobody out")
    }

    @Test func cookiesCarryTheirFlags() throws {
        for (base, secure) in [("http://127.0.0.1:8742/", false), ("https://loans.example/", true)] {
            let web = TestFront(base: base)
            let page = web.get("/login?once=" + String(repeating: "c", count: 64))
            let cookie = try #require(page.headers("Set-Cookie").first { $0.hasPrefix(WebCookies.signIn + "=") })
            #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Lax") && cookie.contains("; Path=/"))
            #expect(cookie.contains("; Secure") == secure, "\(base): \(cookie)")
        }
        // Over the server's own TLS the cookie is Secure whatever the base URL says.
        let web = TestFront()
        let tls = WebRequest(method: "GET", segments: ["login"], isTLS: true)
        #expect(web.front.handle(tls).headers.contains { $0.name == "Set-Cookie" && $0.value.contains("; Secure") })
    }

    /// Signing in with a one-time link: the GET spends nothing, the POST starts a session with a
    /// token of its own (a cookie set before is not kept), and the link works once.
    @Test func aOneTimeLinkSignsInOnceWithAFreshSession() throws {
        let web = TestFront(loans: SecurityTests.loans)
        let once = WebTokens.random()!
        let now = UTCTimestamp(date: Sample.today, hour: 12, minute: 0, second: 0).secondsSinceEpoch
        try SignIn(store: web.signIns).offerLink(WebTokens.hash(once), for: "alice", role: .editor, now: now)
        let planted = String(repeating: "d", count: 64)
        web.cookies[WebCookies.session] = planted
        let page = web.get("/login?once=" + once)
        #expect(page.status == 200 && web.signIns.linkHashes == [WebTokens.hash(once)], "the GET spent the link")
        let secret = try #require(web.cookies[WebCookies.signIn])
        let signedIn = web.post("/login", [("once", once)], csrf: .some(WebTokens.csrf(forSession: secret)))
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/")
        let session = try #require(web.cookies[WebCookies.session])
        #expect(session != planted && WebTokens.isWellFormed(session))
        #expect(web.signIns.sessionHashes == [WebTokens.hash(session)], "the store keeps the hash only")
        #expect(web.get("/").status == 200)
        web.cookies[WebCookies.session] = nil
        _ = web.get("/login?once=" + once)
        let again = web.post("/login", [("once", once)], csrf: .some(WebTokens.csrf(forSession: web.cookies[WebCookies.signIn]!)))
        #expect(again.status == 422 && web.cookies[WebCookies.session] == nil)
        // Without the sign-in form's own token, nothing is spent either.
        let other = WebTokens.random()!
        try SignIn(store: web.signIns).offerLink(WebTokens.hash(other), for: "alice", role: .editor, now: now)
        #expect(web.post("/login", [("once", other)], csrf: .some(nil)).status == 403)
        #expect(web.signIns.linkHashes.contains(WebTokens.hash(other)))
    }

    @Test func signingOutEndsTheSession() throws {
        let web = TestFront()
        try web.signIn()
        let token = try #require(web.cookies[WebCookies.session])
        let out = web.post("/logout")
        #expect(out.status == 303 && out.header("Location") == "/login")
        #expect(web.signIns.sessionHashes.isEmpty)
        web.cookies[WebCookies.session] = token
        #expect(web.get("/").status == 303)
    }

    @Test func sameOriginIsTheBaseOrTheHost() throws {
        let base = try WebBaseURL(parsing: "https://loans.example/")
        func request(_ headers: [(String, String)]) -> WebRequest {
            WebRequest(method: "POST", segments: ["undo"], headers: headers.map { WebField($0.0, $0.1) })
        }
        #expect(SameOrigin.holds(request([("Origin", "https://loans.example")]), base: base))
        #expect(SameOrigin.holds(request([("Host", "10.0.0.2:8742"), ("Origin", "https://10.0.0.2:8742")]), base: base))
        #expect(!SameOrigin.holds(request([("Host", "10.0.0.2:8742"), ("Origin", "http://10.0.0.2:8742")]), base: base), "an https base: every page is https")
        #expect(!SameOrigin.holds(request([("Host", "10.0.0.2:8742"), ("Origin", "https://10.0.0.3:8742")]), base: base))
        #expect(!SameOrigin.holds(request([("Origin", "http://loans.example")]), base: base))
        #expect(SameOrigin.holds(request([("Origin", "https://LOANS.example:443")]), base: base))
        #expect(!SameOrigin.holds(request([("Origin", "https://loans.example:8443")]), base: base))
        #expect(!SameOrigin.holds(request([("Origin", "https://loans.example/x")]), base: base))
        #expect(!SameOrigin.holds(request([("Origin", "https://loans.example@evil.example")]), base: base))
        #expect(!SameOrigin.holds(request([("Origin", "null")]), base: base))
        #expect(!SameOrigin.holds(request([("Origin", "https://loans.example"), ("Origin", "https://loans.example")]), base: base))
        #expect(!SameOrigin.holds(request([("Referer", "https://loans.example/"), ("referer", "https://evil.example/")]), base: base))
        let plain = try WebBaseURL(parsing: "http://127.0.0.1:8742/")
        #expect(SameOrigin.holds(request([("Host", "127.0.0.1:8742"), ("Origin", "http://127.0.0.1:8742")]), base: plain))
        #expect(!SameOrigin.holds(request([("Host", "127.0.0.1:8742"), ("Origin", "https://127.0.0.1:8742")]), base: plain))
        let overTLS = WebRequest(method: "POST", segments: ["undo"], headers: [WebField("Host", "127.0.0.1:8742"), WebField("Origin", "https://127.0.0.1:8742")], isTLS: true)
        #expect(SameOrigin.holds(overTLS, base: plain))
        #expect(!SameOrigin.holds(request([("Origin", "https://loans.example.evil")]), base: base))
        #expect(!SameOrigin.holds(request([("Referer", "https://loans.example.evil/")]), base: base))
        #expect(SameOrigin.holds(request([("Referer", "https://loans.example/loans/3")]), base: base))
        #expect(!SameOrigin.holds(request([]), base: base))
    }

    @Test func everyAnswerOfTheFrontCarriesNoSecretInALog() {
        let token = String(repeating: "ab", count: 32)
        let encoded = token.utf8.map { "%" + String($0, radix: 16) }.joined()
        #expect(WebLog.shown(path: "/share/\(token)") == "/share/[redacted]")
        #expect(WebLog.shown(path: "/share/\(encoded)/x") == "/share/[redacted]/x")
        #expect(WebLog.shown(path: "/share/%zz\(encoded)") == "/share/[redacted]", "a stray % does not stop the decoding")
        #expect(WebLog.shown(path: "/a/" + String(repeating: "Q-_9", count: 8)) == "/a/[redacted]")
        #expect(WebLog.shown(path: "/a/" + String(repeating: "Q-_9", count: 8).dropLast() + "/b") == "/a/Q-_9Q-_9Q-_9Q-_9Q-_9Q-_9Q-_9Q-_/b")
        #expect(WebLog.shown(path: "/loans/3") == "/loans/3")
    }
}

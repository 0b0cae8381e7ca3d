import LoansCore
import LoansTestSupport
@testable import LoansWeb
import Testing

/// Signing in with a name and a password, the limit on failures, roles and API tokens, on the
/// web front over memory sign-ins and the real Argon2id.
@Suite struct AccountTests {
    static let loans = [Sample.loan(1, due: -2, title: "The Hobbit"), Sample.loan(2, due: 3, title: "Dune")]
    static let now = UTCTimestamp(date: Sample.today, hour: 12, minute: 0, second: 0).secondsSinceEpoch

    /// A front with Sam (editor) and Vi (viewer), both with the password "correct horse".
    static func front() throws -> TestFront {
        let web = TestFront(loans: loans)
        let accounts = Accounts(store: web.signIns, passwords: TestFront.passwords)
        try accounts.add("Sam", role: .editor, password: Array("correct horse".utf8), now: now)
        try accounts.add("Vi", role: .viewer, password: Array("correct horse".utf8), now: now)
        return web
    }

    /// `POST /login` with the sign-in form's own token, as a browser sends it after `GET /login`.
    static func signIn(_ web: TestFront, _ name: String, _ password: String) -> TestFront.Answer {
        _ = web.get("/login")
        let secret = web.cookies[WebCookies.signIn] ?? ""
        return web.post("/login", [("name", name), ("password", password)], csrf: .some(WebTokens.csrf(forSession: secret)))
    }

    @Test func aNameAndPasswordStartAFreshSessionWithItsFlags() throws {
        let web = try AccountTests.front()
        let planted = String(repeating: "d", count: 64)
        web.cookies[WebCookies.session] = planted
        let answer = AccountTests.signIn(web, "sam", "correct horse")
        #expect(answer.status == 303 && answer.header("Location") == "/")
        let cookie = try #require(answer.headers("Set-Cookie").first { $0.hasPrefix(WebCookies.session + "=") })
        #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Lax") && cookie.contains("; Path=/") && cookie.contains("; Max-Age=2592000"))
        #expect(!cookie.contains("; Secure"), "plain HTTP on this machine")
        let session = try #require(web.cookies[WebCookies.session])
        #expect(session != planted && WebTokens.isWellFormed(session), "a cookie set before sign-in is never kept")
        #expect(web.signIns.sessionHashes == [WebTokens.hash(session)], "the store keeps the hash only")
        #expect(web.get("/").status == 200)
    }

    @Test func aSessionCookieIsSecureBehindHTTPS() throws {
        let web = TestFront(loans: AccountTests.loans, base: "https://loans.example/")
        try Accounts(store: web.signIns, passwords: TestFront.passwords).add("Sam", role: .editor, password: Array("correct horse".utf8), now: AccountTests.now)
        _ = web.get("/login")
        let secret = try #require(web.cookies[WebCookies.signIn])
        let answer = web.post("/login", [("name", "Sam"), ("password", "correct horse")], csrf: .some(WebTokens.csrf(forSession: secret)), origin: "https://loans.example")
        let cookie = try #require(answer.headers("Set-Cookie").first { $0.hasPrefix(WebCookies.session + "=") })
        #expect(cookie.contains("; Secure"))
    }

    /// A wrong password and a name without an account get the same status and the same page (but
    /// for the form's fresh token), and neither starts a session.
    @Test func anUnknownNameAndAWrongPasswordAreAnsweredAlike() throws {
        let web = try AccountTests.front()
        func page(_ name: String, _ password: String) throws -> (Int, String) {
            let answer = AccountTests.signIn(web, name, password)
            let secret = try #require(web.cookies[WebCookies.signIn])
            return (answer.status, answer.body.replacingOccurrences(of: WebTokens.csrf(forSession: secret), with: "CSRF"))
        }
        let wrong = try page("Someone", "wrong horse!")
        web.client = "192.0.2.9"
        let unknown = try page("Someone", "correct horse")
        web.client = "192.0.2.10"
        let wrongPassword = try page("Sam", "wrong horse!")
        #expect(wrong.0 == 401 && unknown.0 == 401 && wrongPassword.0 == 401)
        #expect(wrong.1 == unknown.1)
        #expect(wrongPassword.1 == unknown.1.replacingOccurrences(of: "value=\"Someone\"", with: "value=\"Sam\""))
        #expect(web.signIns.sessionHashes.isEmpty && web.cookies[WebCookies.session] == nil)
        #expect(!wrongPassword.1.contains("wrong horse") && !unknown.1.contains("correct horse"), "a password is never shown again")
    }

    /// The sixth attempt within fifteen minutes is `429` with `Retry-After`, right password or
    /// not, for the account from any address and from the address for any account.
    @Test func theSixthAttemptIs429EvenWithTheRightPassword() throws {
        let web = try AccountTests.front()
        web.client = "198.51.100.1"
        for attempt in 1...SignIn.failureLimit {
            #expect(AccountTests.signIn(web, "Sam", "wrong \(attempt) horse").status == 401)
        }
        let limited = AccountTests.signIn(web, "Sam", "correct horse")
        #expect(limited.status == 429 && limited.header("Retry-After") == String(SignIn.failureSeconds))
        #expect(web.cookies[WebCookies.session] == nil && web.signIns.sessionHashes.isEmpty)
        web.client = "203.0.113.5"
        #expect(AccountTests.signIn(web, "SAM", "correct horse").status == 429, "the account is limited from every address")
        web.client = "198.51.100.1"
        #expect(AccountTests.signIn(web, "Vi", "correct horse").status == 429, "the address is limited for every account")
        web.client = "203.0.113.6"
        #expect(AccountTests.signIn(web, "Vi", "correct horse").status == 303)
    }

    /// Every route that writes, as the router names it: a test of each must be added here when
    /// one is added (the switch has no default, so the compiler asks).
    static func writes(_ route: WebRoute) -> Bool {
        switch route {
        case .add, .edit, .renew, .returnLoan, .reopen, .remove, .undo, .redo, .newLoan, .confirmRemove: true
        // A person's address and share link: an editor's, as the command line's are whoever may write the loans.
        case .setPerson, .makeShare, .revokeShare: true
        case .agenda, .openLoans, .returned, .search, .loan, .people, .person, .signInPage, .signIn, .signOut, .calendar, .api, .health, .events, .asset: false
        // One's own calendar feed, and the addresses whose token is their key, read the loans only.
        case .makeFeed, .share, .shareCalendar, .feed: false
        }
    }

    static let writeRoutes: [(String, String)] = [
        ("POST", "/loans"), ("POST", "/loans/1/edit"), ("POST", "/loans/1/renew"), ("POST", "/loans/1/return"), ("POST", "/loans/1/reopen"),
        ("POST", "/loans/1/remove"), ("POST", "/undo"), ("POST", "/redo"), ("GET", "/loans/new"), ("GET", "/loans/1/remove"),
        ("POST", "/people/Party%201"), ("POST", "/people/Party%201/share"), ("POST", "/people/Party%201/share/revoke"),
    ]

    @Test func theWriteRoutesAreEveryRouteThatWrites() {
        var kinds: Set<String> = []
        for (method, path) in AccountTests.writeRoutes {
            guard case .route(let route) = WebRouter.match(method: method, segments: path.split(separator: "/").map(String.init)) else {
                Issue.record("\(method) \(path) is no route")
                continue
            }
            #expect(route.writes && AccountTests.writes(route), "\(method) \(path)")
            kinds.insert("\(route)".prefix { $0 != "(" }.description)
        }
        #expect(kinds.count == AccountTests.writeRoutes.count, "one path of each kind of route that writes")
    }

    /// A viewer reads every page, the API and the feed, and gets `403` on every route that
    /// writes, with its CSRF token and this origin: nothing is written.
    @Test(arguments: writeRoutes.map { "\($0.0) \($0.1)" })
    func aViewerIsRefusedEveryWrite(_ route: String) throws {
        let web = try AccountTests.front()
        #expect(AccountTests.signIn(web, "Vi", "correct horse").status == 303)
        let (method, path) = (String(route.prefix { $0 != " " }), String(route.drop { $0 != " " }.dropFirst()))
        let fields = [("title", "X"), ("direction", "lent"), ("counterparty", "Y"), ("due", "+1w"), ("by", "+1w"), ("on", "today")]
        let answer = method == "POST" ? web.post(path, fields) : web.get(path)
        #expect(answer.status == 403, "\(route): \(answer.status)")
        if method == "POST" {
            // The role is checked before the form's token: a viewer is told of the role.
            let tokenless = web.post(path, fields, csrf: .some(nil))
            #expect(tokenless.status == 403 && tokenless.body.contains("signed in as a viewer"), "\(route): \(tokenless.body)")
        }
        #expect(try web.store.history(of: nil, limit: nil).isEmpty)
        for read in ["/", "/all", "/returned", "/search?q=Hobbit", "/loans/1", "/people", "/people/Party%201", "/api/v1/agenda", "/api/v1/history", "/calendar.ics"] {
            #expect(web.get(read).status == 200, "\(read)")
        }
        // An editor's same request writes (or shows its form).
        let editor = try AccountTests.front()
        #expect(AccountTests.signIn(editor, "Sam", "correct horse").status == 303)
        let written = method == "POST" ? editor.post(path, fields) : editor.get(path)
        #expect(written.status != 403, "\(route)")
    }

    /// `Authorization: Bearer TOKEN` reads the API (an editor's also writes, with no cookie and no
    /// CSRF token); a revoked token, or a removed account's, is `401` at the next request.
    @Test func anAPITokenReadsWritesAndIsRevokedAtOnce() throws {
        let web = try AccountTests.front()
        let accounts = Accounts(store: web.signIns, passwords: TestFront.passwords)
        let viewer = WebTokens.random()!
        let editor = WebTokens.random()!
        try accounts.addToken(WebTokens.hash(viewer), for: "vi", now: AccountTests.now)
        try accounts.addToken(WebTokens.hash(editor), for: "sam", now: AccountTests.now)
        func bearer(_ token: String) -> [WebField] { [WebField("Authorization", "Bearer " + token)] }
        let read = web.get("/api/v1/agenda", headers: bearer(viewer))
        #expect(read.status == 200 && read.body.contains("The Hobbit") && read.headers("Set-Cookie").isEmpty)
        #expect(web.get("/calendar.ics", headers: bearer(viewer)).status == 200)
        let refused = web.send("POST", "/loans/1/renew", form: [WebField("by", "+1w")], headers: bearer(viewer))
        #expect(refused.status == 403 && refused.header("Content-Type") == "application/json")
        let renewed = web.send("POST", "/loans/1/renew", form: [WebField("by", "+1w")], headers: bearer(editor))
        #expect(renewed.status == 303)
        #expect(try web.store.history(of: nil, limit: nil).first?.who == "Sam@web")
        #expect(try accounts.revokeTokens(of: "Vi") == 1)
        let revoked = web.get("/api/v1/agenda", headers: bearer(viewer))
        #expect(revoked.status == 401 && revoked.header("Content-Type") == "application/json")
        try accounts.remove("Sam")
        #expect(web.get("/api/v1/agenda", headers: bearer(editor)).status == 401)
        #expect(web.get("/api/v1/agenda", headers: bearer("not-a-token")).status == 401)
    }

    /// Removing an account ends its live session: the next page sends to the sign-in page.
    @Test func removingAnAccountEndsItsLiveSession() throws {
        let web = try AccountTests.front()
        #expect(AccountTests.signIn(web, "Sam", "correct horse").status == 303)
        #expect(web.get("/").status == 200)
        try Accounts(store: web.signIns, passwords: TestFront.passwords).remove("sam")
        let next = web.get("/")
        #expect(next.status == 303 && next.header("Location") == "/login")
        #expect(web.post("/loans/1/renew", [("by", "+1w")]).status == 303)
        #expect(try web.store.history(of: nil, limit: nil).isEmpty)
    }

    /// A viewer's pages offer no form that writes: no "Add a loan", no undo, no loan's forms.
    @Test func aViewersPagesOfferNoWrite() throws {
        let web = try AccountTests.front()
        #expect(AccountTests.signIn(web, "Vi", "correct horse").status == 303)
        for path in ["/", "/loans/1"] {
            let page = web.get(path)
            #expect(page.status == 200 && page.body.contains("Signed in as <strong>Vi</strong> (viewer)"), "\(path)")
            for write in ["/loans/new", "action=\"/undo\"", "action=\"/redo\"", "/renew", "/return\"", "/edit", "/loans/1/remove"] {
                #expect(!page.body.contains(write), "\(path) offers \(write)")
            }
            #expect(page.body.contains("action=\"/logout\""))
        }
        let editor = try AccountTests.front()
        #expect(AccountTests.signIn(editor, "Sam", "correct horse").status == 303)
        #expect(editor.get("/loans/1").body.contains("/loans/1/renew") && editor.get("/").body.contains("/loans/new"))
    }

    /// A change on the web is its account's in the history: `NAME@web`.
    @Test func aWebChangeIsItsAccounts() throws {
        let web = try AccountTests.front()
        #expect(AccountTests.signIn(web, "sam", "correct horse").status == 303)
        #expect(web.post("/loans/1/renew", [("by", "+1w")]).status == 303)
        #expect(try web.store.history(of: nil, limit: nil).first?.who == "Sam@web")
    }
}

import Foundation
import LoansTestSupport
import Testing

/// Each account's private calendar feed, with the built binary and a real `loans serve` on both
/// engines: fetched with no cookie it is `loans calendar`'s feed, cached privately for five
/// minutes with an `ETag`; a new one, `--revoke` or the account removed ends it at once; the
/// agenda page's button makes one (CSRF and origin checked as every form) and shows its
/// `webcal://` address once.
@Suite struct PrivateFeedTests {
    static let password = "correct-horse-battery\n"

    /// The feed's path, from the `webcal://127.0.0.1:PORT/feeds/TOKEN.ics` printed or shown.
    static func path(_ address: String, port: Int) throws -> String {
        let prefix = "webcal://127.0.0.1:\(port)"
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(trimmed.hasPrefix(prefix), "\(address)")
        let path = String(trimmed.dropFirst(prefix.count))
        #expect(path.range(of: "^/feeds/[0-9a-f]{64}\\.ics$", options: .regularExpression) != nil, "\(address)")
        return path
    }

    @Test(arguments: SharingHousehold.Engine.allCases)
    func aPrivateFeedNeedsNoCookieAndIsLoansCalendar(_ engine: SharingHousehold.Engine) throws {
        let household = try SharingHousehold(engine)
        defer { household.remove() }
        let loans = household.loans
        try loans.must("account", "add", "Quill", "--password-stdin", stdin: PrivateFeedTests.password)
        try loans.must("account", "add", "Vi", "--role", "viewer", "--password-stdin", stdin: PrivateFeedTests.password)
        let first = try PrivateFeedTests.path(try loans.must("account", "feed", "quill"), port: household.port)
        let viewer = try PrivateFeedTests.path(try loans.must("account", "feed", "Vi"), port: household.port)
        let serve = try household.serve()

        // No cookie, no header: a calendar app's request.
        let feed = try serve.curl(first)
        #expect(feed.status == 200 && feed.header("Content-Type") == "text/calendar; charset=utf-8", "\(feed.status) \(feed.body)")
        SharingHousehold.expectPrivateHeaders(feed, cache: "private, max-age=300", "the private feed")
        let tag = try #require(feed.header("ETag"))
        let unchanged = try serve.curl(first, headers: ["If-None-Match: \(tag)"])
        #expect(unchanged.status == 304 && unchanged.body.isEmpty && unchanged.header("ETag") == tag)
        let file = loans.folder + "/private.ics"
        try feed.body.write(toFile: file, atomically: true, encoding: .utf8)
        let parsed = try ICalendarReading.parse(in: loans.folder, file)
        #expect(parsed.events.count == 4, "every open loan: \(parsed.events.map(\.summary))")
        let calendar = try loans.must("calendar")
        #expect(feed.body == calendar, "the same feed as loans calendar")
        #expect(try serve.curl(viewer).status == 200, "a viewer has a feed too")

        // A new feed ends the one before at once; --revoke ends it; removing the account too.
        let second = try PrivateFeedTests.path(try loans.must("account", "feed", "Quill"), port: household.port)
        #expect(try serve.curl(first).status == 404 && serve.curl(second).status == 200)
        #expect(try loans.must("account", "feed", "Quill", "--revoke").contains("Quill"))
        #expect(try serve.curl(second).status == 404)
        let none = try loans("account", "feed", "Quill", "--revoke")
        #expect(none.status == 1 && none.err.contains("Quill"), "\(none.err)")
        try loans.must("account", "remove", "Vi")
        #expect(try serve.curl(viewer).status == 404, "removing an account ends its feed")
        let never = try ShareLinkTests.raw(household, "/feeds/" + String(repeating: "0", count: 64) + ".ics")
        for path in [first, second, viewer] { #expect(try ShareLinkTests.raw(household, path) == never, "\(path)") }
        let unknown = try loans("account", "feed", "Nobody")
        #expect(unknown.status == 1 && unknown.out.isEmpty, "\(unknown.err)")
        serve.process.stop()
        for token in [first, second, viewer].map({ String($0.dropFirst(7).prefix(64)) }) {
            #expect(!serve.process.output.contains(token), "a feed's token reached the log")
        }
        #expect(ServeBehindNginxTests.requestLines(serve).contains { $0.contains(" GET /feeds/[redacted] 200 ") })
    }

    /// The agenda page's button: `POST /feeds` with the session's token from this server's page
    /// makes the account's feed and shows its address once; without the token, or from another
    /// origin, it is `403` and no feed is made; a viewer may make their own.
    @Test func theAgendaPageMakesAFeed() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        let csrf = try serve.signIn()
        let home = try serve.curl("/")
        #expect(home.body.contains("<form method=\"post\" action=\"/feeds\">"), "\(home.body)")
        #expect(!home.body.contains("webcal://"), "no link that needs a cookie")
        #expect(try serve.curl("/feeds", form: ["name": "no token"]).status == 403)
        #expect(try serve.curl("/feeds", form: ["csrf": csrf], origin: "http://evil.example").status == 403)
        #expect(try serve.curl("/feeds", form: ["csrf": csrf], origin: .some(nil)).status == 403)
        #expect(try loans.tool("/usr/bin/sqlite3", loans.folder + "/loans.db", "SELECT count(*) FROM calendar_feed") == "0\n")
        #expect(try serve.curl("/feeds").status == 405)

        let made = try serve.curl("/feeds", form: ["csrf": csrf])
        #expect(made.status == 200 && made.header("Cache-Control") == "no-store" && made.header("Referrer-Policy") == "no-referrer", "\(made.status)")
        let address = try #require(made.body.range(of: #"webcal://127\.0\.0\.1:\d+/feeds/[0-9a-f]{64}\.ics"#, options: .regularExpression).map { String(made.body[$0]) })
        let path = try PrivateFeedTests.path(address, port: serve.port)
        let fetched = try loans.run("/usr/bin/curl", ["-s", "-i", "--max-time", "20", serve.base + path], seconds: 30)
        let calendar = try loans.must("calendar")
        #expect(Reply(fetched.out).status == 200 && Reply(fetched.out).body == calendar, "fetched with no cookie")
        let again = try serve.curl("/feeds", form: ["csrf": csrf])
        #expect(again.status == 200 && !again.body.contains(path))
        #expect(try serve.curl(path).status == 404, "the page's new feed ends the one before")
        #expect(try serve.curl("/").body.contains("action=\"/feeds\""), "the agenda never shows the address again")
        // A viewer reads only, but a feed is reading: they make their own.
        let user = try loans.tool("/usr/bin/id", "-un").trimmingCharacters(in: .whitespacesAndNewlines)
        try loans.must("account", "role", user, "viewer")
        #expect(try serve.curl("/loans/1/renew", form: ["csrf": csrf, "by": "+1w"]).status == 403)
        let viewers = try serve.curl("/feeds", form: ["csrf": csrf])
        #expect(viewers.status == 200 && viewers.body.contains("/feeds/"), "\(viewers.status)")
    }
}

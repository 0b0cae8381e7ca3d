import Foundation
import LoansTestSupport
import Testing

/// `loans share NAME` with the built binary and a real `loans serve`, on both engines: the link
/// shows that one person only their open loans with you, worded for them, with no note and no
/// other name; its feed parses with python3-icalendar and holds only theirs; a new link or a
/// revocation ends the old one at once; a wrong token, however guessed, is the same `404`.
@Suite struct ShareLinkTests {
    /// `curl -i` of `path`, as bytes apart from the `Date` field (which names the second).
    static func raw(_ household: SharingHousehold, _ path: String) throws -> String {
        let run = try household.loans.run("/usr/bin/curl", ["-s", "-S", "-i", "--max-time", "20", "http://127.0.0.1:\(household.port)" + path], seconds: 30)
        return run.out.components(separatedBy: "\r\n").filter { !$0.hasPrefix("Date: ") }.joined(separator: "\r\n")
    }

    @Test(arguments: SharingHousehold.Engine.allCases)
    func aShareLinkShowsOnePersonTheirOpenLoansWordedForThem(_ engine: SharingHousehold.Engine) throws {
        let household = try SharingHousehold(engine)
        defer { household.remove() }
        let owner = try SharingHousehold.owner()
        let link = try household.loans.must("share", "Alice")
        let path = try household.path(of: link)
        #expect(path.range(of: "^/s/[0-9a-f]{64}$", options: .regularExpression) != nil, "\(link)")
        let serve = try household.serve()

        let page = try serve.curl(path)
        #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8", "\(page.status) \(page.body)")
        SharingHousehold.expectPrivateHeaders(page, "the share page")
        let text = SharingHousehold.text(page.body)
        #expect(text.contains("You borrowed The Hobbit from \(owner) — due Thu 26 Nov, 3 days overdue"), "\(text)")
        #expect(text.contains("You lent Dune to \(owner) — due Thu 3 Dec, in 4 days"), "\(text)")
        for absent in ["Alice", "alice", "Bob", "Tent", "Ladder", "Kettle", "Cooper", "secret note", "history", "History"] {
            #expect(!text.contains(absent), "\(absent) on the share page: \(text)")
        }
        #expect(!page.body.contains("<form") && !page.body.contains("<script"), "no form, no script: \(page.body)")
        #expect(page.body.contains("href=\"\(path)/calendar.ics\""), "the page offers its feed")

        let feed = try serve.curl(path + "/calendar.ics")
        #expect(feed.status == 200 && feed.header("Content-Type") == "text/calendar; charset=utf-8", "\(feed.status) \(feed.body)")
        SharingHousehold.expectPrivateHeaders(feed, "the share's feed")
        let file = household.loans.folder + "/shared.ics"
        try feed.body.write(toFile: file, atomically: true, encoding: .utf8)
        let parsed = try ICalendarReading.parse(in: household.loans.folder, file)
        #expect(Set(parsed.events.map(\.summary)) == ["Return The Hobbit to \(owner)", "Get back Dune from \(owner)"], "\(parsed.events)")
        #expect(parsed.events.map(\.start).sorted() == ["2026-11-26", "2026-12-03"])
        #expect(parsed.events.allSatisfy { $0.description == nil }, "no note reaches the feed")
        #expect(parsed.events.allSatisfy { $0.uid.hasPrefix("shared-loan-") }, "uids of its own: \(parsed.events.map(\.uid))")
        #expect(feed.body.contains("X-WR-CALNAME:Loans with \(owner)\r\n"))
        for absent in ["Alice", "alice", "Bob", "Tent", "Kettle", "secret"] { #expect(!feed.body.contains(absent), "\(absent) in the feed") }
    }

    /// A new link for the same person (as folded) ends the old one at once; `--revoke` ends the
    /// new one and its feed at once; each is then the very `404` of a token never made.
    @Test(arguments: SharingHousehold.Engine.allCases)
    func revocationAndReplacementTakeEffectAtOnce(_ engine: SharingHousehold.Engine) throws {
        let household = try SharingHousehold(engine)
        defer { household.remove() }
        let serve = try household.serve()
        let first = try household.path(of: try household.loans.must("share", "Alice"))
        #expect(try serve.curl(first).status == 200)
        let second = try household.path(of: try household.loans.must("share", "ALICE"))
        #expect(second != first)
        #expect(try serve.curl(first).status == 404, "the replaced link ends at once")
        #expect(try serve.curl(first + "/calendar.ics").status == 404)
        #expect(try serve.curl(second).status == 200)
        try household.loans.must("share", "Bob")
        let list = try household.loans.must("share", "--list")
        let lines = list.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("ALICE\t") && lines[1].hasPrefix("Bob\t"), "\(list)")
        #expect(lines.allSatisfy { $0.range(of: #"\t\d{4}-\d\d-\d\d \d\d:\d\d$"#, options: .regularExpression) != nil }, "\(list)")
        for path in [first, second] { #expect(!list.contains(String(path.dropFirst(3))), "no token in the list") }

        #expect(try household.loans.must("share", "alice", "--revoke").contains("ALICE"))
        #expect(try serve.curl(second).status == 404, "the revoked link ends at once")
        #expect(try serve.curl(second + "/calendar.ics").status == 404)
        let never = try ShareLinkTests.raw(household, "/s/" + String(repeating: "0", count: 64))
        #expect(never.hasPrefix("HTTP/1.1 404 "), "\(never)")
        for path in [first, second] { #expect(try ShareLinkTests.raw(household, path) == never, "\(path) is the same 404 as a token never made") }
        let again = try household.loans("share", "Alice", "--revoke")
        #expect(again.status == 1 && again.err.contains("Alice") && again.out.isEmpty, "\(again.err)")
        #expect(try household.loans.must("share", "--list").hasPrefix("Bob\t"))
    }

    /// 10 000 wrong tokens — random ones, the real one with a digit changed, in capitals, cut
    /// short or made longer, a revoked one, a feed's token on a share's address and the reverse —
    /// are each answered `404` with the same bytes (but for the `Date` field), on both engines;
    /// the log shows none of them.
    @Test(arguments: SharingHousehold.Engine.allCases)
    func tenThousandWrongGuessesAreTheSame404(_ engine: SharingHousehold.Engine) throws {
        let household = try SharingHousehold(engine)
        defer { household.remove() }
        try household.loans.must("account", "add", "Quill", "--password-stdin", stdin: "correct-horse-battery\n")
        let revoked = String(try household.path(of: try household.loans.must("share", "Bob")).dropFirst(3))
        try household.loans.must("share", "Bob", "--revoke")
        let real = String(try household.path(of: try household.loans.must("share", "Alice")).dropFirst(3))
        let feedLink = try household.loans.must("account", "feed", "Quill").trimmingCharacters(in: .whitespacesAndNewlines)
        let feed = String(feedLink.split(separator: "/").last?.dropLast(4) ?? "")
        #expect(feed.count == 64, "\(feedLink)")
        let serve = try household.serve()
        #expect(try serve.curl("/s/" + real).status == 200 && serve.port == household.port)

        let hex = Array("0123456789abcdef")
        var guesses: [String] = ["/s/" + revoked, "/s/" + revoked + "/calendar.ics", "/s/" + feed, "/feeds/" + real + ".ics", "/s/" + real.uppercased(),
                                 "/s/" + real.dropLast(), "/s/" + real + "0", "/feeds/" + feed.uppercased() + ".ics", "/s/", "/feeds/.ics", "/s/x", "/s/%20"]
        var index = 0
        while guesses.count < 10_000 {
            var changed = Array(real)
            let position = index % 64
            changed[position] = hex[(hex.firstIndex(of: changed[position])! + 1 + index / 64 % 15) % 16]
            let random = String((0..<64).map { _ in hex.randomElement()! })
            switch index % 4 {
            case 0: guesses.append("/s/" + String(changed))
            case 1: guesses.append("/s/" + String(changed) + "/calendar.ics")
            case 2: guesses.append("/feeds/" + random + ".ics")
            default: guesses.append("/s/" + random)
            }
            index += 1
        }
        let config = household.loans.folder + "/guesses.curl"
        try guesses.map { "url = \"http://127.0.0.1:\(household.port)\($0)\"" }.joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
        let run = try household.loans.run("/usr/bin/curl", ["-s", "-S", "-i", "--max-time", "600", "-K", config], seconds: 900)
        #expect(run.status == 0, "\(run.err)")
        let answers = run.out.components(separatedBy: "HTTP/1.1 ").dropFirst().map { answer in
            answer.components(separatedBy: "\r\n").filter { !$0.hasPrefix("Date: ") }.joined(separator: "\r\n")
        }
        #expect(answers.count == guesses.count)
        let distinct = Set(answers)
        #expect(distinct.count == 1 && distinct.first?.hasPrefix("404 ") == true, "\(distinct.prefix(3))")
        #expect(try serve.curl("/s/" + real).status == 200, "the real link still works")
        serve.process.stop()
        let lines = ServeBehindNginxTests.requestLines(serve)
        #expect(lines.filter { $0.contains(" GET /s/[redacted] 404 ") }.count >= 4_900, "\(lines.suffix(3))")
        #expect(lines.contains { $0.contains(" GET /s/[redacted]/calendar.ics 404 ") } && lines.contains { $0.contains(" GET /feeds/[redacted] 404 ") })
        for secret in [real, revoked, feed, String(real.prefix(32)), String(feed.prefix(32))] {
            #expect(!serve.process.output.contains(secret), "a token reached the log")
        }
    }

    /// The command line: one line of output, the link; stored only as its SHA-256; no link
    /// without `serve.base_url` (78, naming the key); names and options checked.
    @Test func theCommandLineMakesListsAndRefuses() throws {
        let household = try SharingHousehold(.sqlite)
        defer { household.remove() }
        let loans = household.loans
        let made = try loans("share", "Alice")
        #expect(made.status == 0 && made.err.isEmpty && made.out.split(separator: "\n").count == 1, "\(made.err)")
        let token = String(try household.path(of: made.out).dropFirst(3))
        let stored = try loans.tool("/usr/bin/sqlite3", loans.folder + "/loans.db", "SELECT token_hash || ' ' || name || ' ' || folded_name FROM share_link")
        let digest = try Tool.run("/usr/bin/sha256sum", [], stdin: Array(token.utf8)).prefix(64)
        #expect(stored == "\(digest) Alice alice\n" && !stored.contains(token), "\(stored)")
        #expect(!(try loans.must("json", "all", "--history")).contains(String(digest)), "no document carries a share link")

        try FileManager.default.removeItem(atPath: loans.folder + "/.config/loans/config")
        let unset = try loans("share", "Bob")
        #expect(unset.status == 78 && unset.err.contains("serve.base_url") && unset.out.isEmpty, "\(unset.status) \(unset.err)")
        #expect(try loans.must("share", "--list").split(separator: "\n").count == 1, "nothing was made")
        for (arguments, code) in [(["share"], 64), (["share", ""], 64), (["share", " "], 64), (["share", "Alice", "--list"], 64), (["share", "--list", "--revoke"], 64)] {
            let run = try loans.run(BinaryHarness.binary, arguments)
            #expect(run.status == Int32(code) && run.out.isEmpty, "\(arguments): \(run.status) \(run.err)")
        }
    }
}

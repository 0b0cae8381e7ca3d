import Foundation
import LoansCore
import LoansTestSupport
@testable import LoansWeb
import Testing

/// `/people` and `/people/NAME`: everyone you deal with, with their open loans, their address,
/// their share link and when they were last e-mailed a reminder; a person's page with what is
/// between you both ways; names everywhere escaped, and a link to their page wherever a loan
/// names them.
@Suite struct PeoplePageTests {
    static func loan(_ id: Int64, _ title: String, _ direction: Direction, _ party: String, due: Int, returned: Int? = nil) -> Loan {
        Loan(
            id: LoanID(id), title: title, direction: direction, counterparty: party, lentOn: Sample.day(-60), dueOn: Sample.day(due),
            returnedOn: returned.map(Sample.day)
        )
    }

    static let alice = try! EmailAddress(parsing: "alice@example.org")

    /// Alice (a contact with an address, named three ways by loans), Alice Cooper (whose name
    /// holds hers), Bob (a contact with no loan), the library, and a name with a slash.
    static func front(role: Role = .editor) throws -> TestFront {
        let web = TestFront(
            loans: [
                loan(1, "The Hobbit", .lent, "Alice", due: -3), loan(2, "Dune", .borrowed, "alice", due: 4),
                loan(3, "Ladder", .lent, "ALICE", due: -20, returned: -10), loan(4, "Tent", .borrowed, "City Library", due: 1),
                loan(5, "Kettle", .lent, "Alice Cooper", due: 2), loan(6, "Drill", .lent, "Sam / next door", due: 0),
            ],
            people: [Person(name: "Alice", email: alice), Person(name: "Bob")]
        )
        try web.signIn("alice", role: role)
        return web
    }

    /// The rows of `/people`, as read: their text without markup, one a line.
    static func rows(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"person\">").dropFirst().map { row in
            String(row.prefix { $0 != "\n" }).replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
                .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        }
    }

    @Test func thePeoplePageListsEveryoneWithTheirLoansAddressLinkAndLastReminder() throws {
        let web = try PeoplePageTests.front()
        let noon = UTCTimestamp(date: Sample.today, hour: 12, minute: 0, second: 0).secondsSinceEpoch
        try ShareLinks(store: web.signIns).make(for: "alice", tokenHash: WebTokens.hash(WebTokens.random()!), now: noon - 3600)
        let sent = UTCTimestamp(date: Sample.day(-1), hour: 9, minute: 5, second: 0)
        try web.store.recordReminded(
            [SentReminder(key: ReminderKey(loan: LoanID(1), dueOn: Sample.day(-3)), level: ReminderLevel(days: -1))], to: .address("alice@example.org"),
            on: Sample.day(-1), at: sent
        )
        let page = web.get("/people")
        #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(PeoplePageTests.rows(page.body) == [
            "Alice 2 open loans alice@example.org share link since 2026-11-29 11:00 last reminded 2026-11-28 09:05",
            "Alice Cooper 1 open loan no address no share link",
            "Bob 0 open loans no address no share link",
            "City Library 1 open loan no address no share link",
            "Sam / next door 1 open loan no address no share link",
        ])
        #expect(page.body.contains("<a href=\"/people/Alice\"><bdi>Alice</bdi></a>"))
        #expect(page.body.contains("href=\"/people/Sam%20%2F%20next%20door\""), "a name is one segment of the path")
        #expect(page.body.contains("<a href=\"/people\" aria-current=\"page\">People</a>"), "the navigation names the page")
        #expect(web.get("/").body.contains("<a href=\"/people\">People</a>"), "and every page offers it")
        try web.store.recordReminded(
            [SentReminder(key: ReminderKey(loan: LoanID(2), dueOn: Sample.day(4)), level: ReminderLevel(days: 7))], to: .person("Alice"),
            on: Sample.today, at: UTCTimestamp(date: Sample.today, hour: 10, minute: 0, second: 0)
        )
        #expect(web.get("/people").body.contains("last reminded 2026-11-28 09:05"), "a digest to a person named Alice is not mail to her address")
    }

    @Test func nobodyYetSaysSo() throws {
        let web = TestFront()
        try web.signIn()
        let page = web.get("/people")
        #expect(page.status == 200 && page.body.contains("No people yet."))
    }

    /// A tool library's thousand members: a page shows 100 and links to the next by the last
    /// name shown, until everyone was shown once, in order.
    @Test func aLongListPagesByName() throws {
        let web = TestFront(people: (1...250).map { Person(name: "Member \(String(1000 + $0).dropFirst())") })
        try web.signIn()
        var seen: [String] = []
        var path = "/people"
        var pages = 0
        while true {
            let page = web.get(path)
            #expect(page.status == 200, "\(path)")
            seen += PeoplePageTests.rows(page.body).map { String($0.prefix(10)) }
            pages += 1
            if pages > 1 { #expect(page.body.contains("<a href=\"/people\">Back to the start of the list</a>")) }
            guard let next = page.body.components(separatedBy: "<p class=\"more\"><a href=\"").dropFirst().first?.prefix(while: { $0 != "\"" }) else { break }
            path = String(next).replacingOccurrences(of: "&amp;", with: "&")
            #expect(pages < 5)
        }
        #expect(pages == 3 && seen == (1...250).map { "Member \(String(1000 + $0).dropFirst())" })
        #expect(path == "/people?after=Member%20200")
        #expect(web.get("/people?after=" + String(repeating: "x", count: 501)).status == 400)
    }

    @Test func aPersonsPageShowsWhatIsBetweenYouBothWays() throws {
        let web = try PeoplePageTests.front()
        let page = web.get("/people/ALICE")
        #expect(page.status == 200)
        let text = SharingText.read(page.body)
        #expect(text.contains("E-mail alice@example.org") && text.contains("Open loans 2 (3 in all)"), "\(text)")
        #expect(text.contains("Share link none") && text.contains("Last reminded never"), "\(text)")
        #expect(page.body.contains("<h1><bdi>Alice</bdi></h1>"), "the contact's name, however the address spells it")
        let rows = PageTests.rows(page.body)
        #expect(rows == ["#1 The Hobbit lent to Alice 3 days overdue", "#2 Dune borrowed from alice due in 4 days", "#3 Ladder lent to ALICE returned 2026-11-19"], "\(rows)")
        #expect(page.body.contains("<a href=\"/loans/1\">") && page.body.contains("<a href=\"/loans/3\">"))
        #expect(!page.body.contains("Kettle"), "Alice Cooper is another person")
        let missing = web.get("/people/Nobody")
        #expect(missing.status == 404 && missing.body.contains("no contact is kept for \"Nobody\" and no loan names them"))
        #expect(web.get("/people/Sam%20%2F%20next%20door").status == 200)
        #expect(SharingText.read(web.get("/people/Bob").body).contains("No open loans with Bob."))
        let library = SharingText.read(web.get("/people/city%20library").body)
        #expect(library.contains("E-mail none") && library.contains("Contact none (only named by loans)") && !library.contains("Last reminded"), "\(library)")
    }

    /// A person with more open loans than a page pages by key; their returns show the newest
    /// only, and say how many there are.
    @Test func aPersonsLongListsAreBounded() throws {
        let open = (1...130).map { PeoplePageTests.loan(Int64($0), "Book \($0)", .lent, "Kim", due: $0 % 9) }
        let back = (131...160).map { PeoplePageTests.loan(Int64($0), "Back \($0)", .borrowed, "kim", due: -30, returned: -Int($0 - 130)) }
        let web = TestFront(loans: open + back)
        try web.signIn()
        web.store.visited = 0
        let first = web.get("/people/Kim")
        #expect(PageTests.rows(first.body).count == 100 + 20, "a page of open loans and the newest twenty returns")
        #expect(web.store.visited <= 2 * 101 + 40, "read about a page: \(web.store.visited)")
        #expect(first.body.contains("The newest 20 of their 30 returned loans."))
        #expect(PageTests.rows(first.body).dropFirst(100).first?.hasPrefix("#131 Back 131") == true, "the newest return first")
        let next = try #require(first.body.components(separatedBy: "<p class=\"more\"><a href=\"").dropFirst().first?.prefix { $0 != "\"" })
        let second = web.get(String(next).replacingOccurrences(of: "&amp;", with: "&"))
        #expect(second.status == 200 && PageTests.rows(second.body).count == 30, "the other 30 open loans: \(next)")
        #expect(second.body.contains("<a href=\"/people/Kim\">Back to the start of the page</a>"))
    }

    @Test func aPersonsNameIsEscapedEverywhere() throws {
        let hostile = "\"><script>window.pwned=1</script>"
        let web = TestFront(loans: [PeoplePageTests.loan(1, "Rope", .lent, hostile, due: 1)])
        try web.signIn()
        let encoded = "%22%3E%3Cscript%3Ewindow.pwned%3D1%3C%2Fscript%3E"
        for path in ["/people", "/people/" + encoded, "/", "/loans/1"] {
            let page = web.get(path)
            #expect(page.status == 200 && !page.body.contains("<script>window"), "\(path)")
            #expect(page.body.contains("href=\"/people/\(encoded)\""), "\(path) links to the person's page")
        }
        #expect(web.get("/people/" + encoded).body.contains("<h1><bdi>\"&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;</bdi></h1>"))
    }

    /// A name on a loan's page and in the lists leads to the person's page.
    @Test func aNameLinksToThePersonsPage() throws {
        let web = try PeoplePageTests.front()
        #expect(web.get("/").body.contains("lent to <a href=\"/people/Alice\"><bdi>Alice</bdi></a>"))
        #expect(web.get("/all").body.contains("borrowed from <a href=\"/people/alice\"><bdi>alice</bdi></a>"))
        #expect(web.get("/returned").body.contains("<a href=\"/people/ALICE\"><bdi>ALICE</bdi></a>"))
        #expect(web.get("/loans/1").body.contains("<dt>Counterparty</dt><dd><a href=\"/people/Alice\"><bdi>Alice</bdi></a></dd>"))
    }

    /// A viewer reads the pages of people, without a form on them.
    @Test func aViewerReadsPeopleWithoutForms() throws {
        let web = try PeoplePageTests.front(role: .viewer)
        for path in ["/people", "/people/Alice"] {
            let page = web.get(path)
            #expect(page.status == 200 && !page.body.contains("action=\"/people"), "\(path)")
        }
        let editor = try PeoplePageTests.front()
        let page = editor.get("/people/Alice")
        for action in ["action=\"/people/Alice\"", "action=\"/people/Alice/share\""] { #expect(page.body.contains(action), "\(action)") }
    }
}

/// A page's text as a person reads it: its markup gone (an element of text, such as a `bdi` or a
/// link, without a trace; any other as a space), its entities read back, whitespace made single
/// spaces.
enum SharingText {
    static func read(_ html: String) -> String {
        html.replacingOccurrences(of: "</?(bdi|a|span|code|i|strong|time)\\b[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

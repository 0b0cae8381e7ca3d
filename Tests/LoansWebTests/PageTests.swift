import Foundation
import LoansCore
import LoansTestSupport
import LoansText
@testable import LoansWeb
import Testing

/// The pages say what the text front says, in its order; a group pages by key past 100 rows;
/// every text from data is escaped; a page is phone-sized, labelled and in English.
@Suite struct PageTests {
    static func signedIn(_ loans: [Loan]) throws -> TestFront {
        let web = TestFront(loans: loans)
        try web.signIn()
        return web
    }

    /// The rows of a page in order: `#id title party phrase`, as the text front lays them out.
    static func rows(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"loan ").dropFirst().map { row in
            let text = row.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            let line = String(text.drop { $0 != ">" }.dropFirst()).components(separatedBy: "\n")[0]
            return line.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        }
    }

    @Test func theAgendaHasTheTextFrontsWordsAndOrder() throws {
        let web = try PageTests.signedIn(Sample.loans)
        let page = web.get("/")
        #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8")
        // The text front's agenda of the same store, row by row.
        let sink = CapturedSink()
        var table = TextTableWriter(colour: false, into: sink)
        try TextPresenter(policy: DuePolicy(today: Sample.today, window: .standard)).agenda(AgendaQuery(store: web.store), to: &table)
        let text = String(decoding: sink.bytes, as: UTF8.self).split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("#") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        let rows = PageTests.rows(page.body).map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows == text)
        #expect(page.body.contains("Overdue <span class=\"count\">(3)</span>") && page.body.contains("Due soon <span class=\"count\">(4)</span>"))
        #expect(page.body.contains("40 days overdue") && page.body.contains("due today") && page.body.contains("lent to <a href=\"/people/Party%208\"><bdi>Party 8</bdi></a>"))
        #expect(page.body.range(of: "Overdue <span")!.lowerBound < page.body.range(of: "Due soon <span")!.lowerBound)
        // The calendar: a private feed's button (a phone's calendar sends no cookie), not a link that needs one.
        #expect(page.body.contains("<form method=\"post\" action=\"/feeds\">") && !page.body.contains("webcal://"))
    }

    @Test func anEmptyAgendaSaysSo() throws {
        let web = try PageTests.signedIn([])
        #expect(web.get("/").body.contains("No loans overdue or due soon."))
        #expect(web.get("/all").body.contains("No open loans."))
        #expect(web.get("/returned").body.contains("No returned loans."))
    }

    @Test func thePagesOfEveryList() throws {
        let web = try PageTests.signedIn(Sample.loans)
        let all = PageTests.rows(web.get("/all").body)
        #expect(all.map { $0.split(separator: " ")[0] } == ["#8", "#2", "#3", "#4", "#9", "#12", "#1", "#6", "#7"].filter { $0 != "#12" })
        let returned = PageTests.rows(web.get("/returned").body)
        #expect(returned.map { $0.split(separator: " ")[0] } == ["#12", "#5"])
        #expect(returned[0].hasSuffix("returned 2026-11-29"))
        let search = web.get("/search?q=note")
        #expect(PageTests.rows(search.body).map { $0.split(separator: " ")[0] } == ["#3", "#9", "#6"])
        #expect(web.get("/search?q=zzz").body.contains("No open loans match."))
        #expect(web.get("/search").body.contains("Type a word"))
    }

    /// 250 overdue loans: the first page shows 100 and links to the next by key, which shows the
    /// next 100, and so on; each page reads about a page of loans, not the table.
    @Test func aLongGroupPagesByKey() throws {
        let loans = (1...250).map { Sample.loan(Int64($0), due: -1 - $0 % 7) }
        let web = try PageTests.signedIn(loans)
        var seen: [String] = []
        var path = "/"
        var pages = 0
        while true {
            web.store.visited = 0
            let page = web.get(path)
            #expect(page.status == 200)
            #expect(web.store.visited <= 2 * (ListPresenter.pageSize + 1), "\(path) read \(web.store.visited) loans")
            let rows = PageTests.rows(page.body)
            seen += rows
            pages += 1
            #expect(rows.count <= 100)
            guard let range = page.body.range(of: "<p class=\"more\"><a href=\"") else { break }
            path = String(page.body[range.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            #expect(path.hasPrefix("/?group=overdue&after="))
        }
        #expect(pages == 3 && seen.count == 250 && Set(seen).count == 250)
        #expect(web.get("/?group=overdue&after=nonsense").status == 400)
    }

    @Test func aLoansPageShowsEveryFieldAndItsHistory() throws {
        let web = try PageTests.signedIn([])
        let csrf = try #require(web.csrf)
        _ = web.post("/loans", [("title", "Cordless drill"), ("direction", "lent"), ("counterparty", "Sam"), ("due", "2026-12-01"), ("note", "with\r\nbits")])
        let page = web.get("/loans/1")
        #expect(page.status == 200)
        for words in ["Cordless drill", "lent", "Sam", "2026-12-01 (due in 2 days)", "not yet", "with\nbits", "added (lent to Sam, due 2026-12-01)", "alice@web", "name=\"csrf\" value=\"\(csrf)\""] {
            #expect(page.body.contains(words), "\(words)")
        }
        #expect(web.get("/loans/2").status == 404)
        #expect(web.get("/loans/2").body.contains("no loan with id 2"))
        #expect(web.get("/loans/1/remove").body.contains("Remove it"))
    }

    /// Hostile titles, names and notes show as text on every page: no markup of theirs reaches
    /// the page, and a `javascript:` text never becomes a link.
    @Test func hostileTextIsEscapedEverywhere() throws {
        let hostile = "\"><script>window.pwned=1</script><img src=x onerror=alert(1)>"
        let loans = [
            Loan(id: LoanID(1), title: hostile, direction: .lent, counterparty: "javascript:alert(1)", lentOn: Sample.day(-9), dueOn: Sample.day(-1), note: "</textarea>\(hostile)"),
            Loan(id: LoanID(2), title: "\u{202E}gnp.exe", direction: .borrowed, counterparty: "'onmouseover='x", lentOn: Sample.day(-9), dueOn: Sample.day(1), returnedOn: nil),
        ]
        let web = try PageTests.signedIn(loans)
        let pages = ["/", "/all", "/search?q=script", "/loans/1", "/loans/2", "/loans/1/remove"].map { web.get($0).body }
        for page in pages {
            #expect(!page.contains("<script>window") && !page.contains("<img") && !page.contains("</textarea>\""))
            #expect(!page.contains("href=\"javascript") && !page.contains("value=\"'onmouseover"))
            #expect(page.components(separatedBy: "<script").count == 2, "only the page's own script tag")
        }
        #expect(pages[4].contains("value=\"&#39;onmouseover=&#39;x\""), "an attribute value cannot end its quotes")
        #expect(pages[0].contains("<bdi>\u{202E}gnp.exe</bdi>") || pages[1].contains("<bdi>\u{202E}gnp.exe</bdi>"))
        let refused = web.post("/loans", [("title", hostile), ("direction", "lent"), ("counterparty", ""), ("due", hostile)])
        #expect(refused.status == 422 && !refused.body.contains("<script>window"))
        #expect(refused.body.contains("value=\"&quot;&gt;&lt;script&gt;"))
    }

    @Test func aPageFitsAPhoneAndIsLabelled() throws {
        let web = try PageTests.signedIn(Sample.loans)
        for path in ["/", "/loans/new", "/loans/1", "/login"] {
            let body = web.get(path).body
            #expect(body.hasPrefix("<!doctype html>\n<html lang=\"en\">"), "\(path)")
            #expect(body.contains("<meta charset=\"utf-8\">") && body.contains("name=\"viewport\" content=\"width=device-width, initial-scale=1\""))
            #expect(body.contains("<main id=\"main\">") && body.contains("href=\"#main\""))
            // Every input but hidden ones and radio buttons (labelled by their own label) has a label.
            let inputs = body.components(separatedBy: "<input").dropFirst().filter { !$0.hasPrefix(" type=\"hidden\"") && !$0.hasPrefix(" type=\"radio\"") }
            for input in inputs {
                let id = input.components(separatedBy: "id=\"").dropFirst().first?.prefix { $0 != "\"" } ?? ""
                #expect(!id.isEmpty && body.contains("for=\"\(id)\""), "\(path): an input without a label: \(input.prefix(60))")
            }
        }
    }

    /// While the store's changes are watched, a list is made once per change: the same page
    /// again reads nothing, a change told by the watcher or made on the web shows at once, and
    /// what belongs to the person (the flash, the forms' tokens) is never kept.
    @Test func aListIsKeptUntilTheLoansChange() throws {
        let web = TestFront(loans: Sample.loans, watches: true)
        let alice = try web.signIn()
        let first = web.get("/").body
        web.store.visited = 0
        #expect(web.get("/").body == first && web.store.visited == 0, "the same list again reads nothing")
        // A write the watcher has not told yet is not shown; once told, it is.
        web.store.author = "bob@laptop"
        _ = try RenewLoan(store: web.store).run(LoanID(4), to: .offset(DateOffset(parsing: "+1w")!))
        #expect(web.get("/").body == first)
        web.front.live.changed()
        #expect(PageTests.rows(web.get("/").body).contains { $0.hasPrefix("#4 ") && $0.hasSuffix("due in 7 days") })
        // A change made on the web shows on the page it leads to, and its flash only there.
        _ = web.post("/loans/9/renew", [("by", "+2w")])
        let after = web.get("/").body
        #expect(!PageTests.rows(after).contains { $0.hasPrefix("#9 ") } && after.contains("Renewed loan #9"))
        #expect(!web.get("/").body.contains("Renewed loan #9"))
        // Another person's page carries their own token, never the last visitor's.
        let bob = try web.signIn("bob")
        let page = web.get("/").body
        #expect(page.contains(bob) && !page.contains(alice))
    }

    /// Every field that asks for a person suggests the names already used (a `<datalist>` the
    /// field points at, each name escaped), on the add form and on a loan's edit form; the names
    /// are read once and kept until the loans change.
    @Test func aPersonFieldSuggestsTheKnownNames() throws {
        let hostile = Loan(
            id: LoanID(20), title: "Rope", direction: .lent, counterparty: "Kim \"<b>&", lentOn: Sample.day(-3), dueOn: Sample.day(4),
            returnedOn: nil, note: nil, previousDueDates: []
        )
        let web = TestFront(loans: Sample.loans + [hostile], watches: true)
        try web.signIn()
        let add = web.get("/loans/new").body
        #expect(add.contains("id=\"add-counterparty\" name=\"counterparty\" value=\"\" list=\"known-names\""), "\(add)")
        #expect(add.contains("<datalist id=\"known-names\">\n<option value=\"Kim &quot;&lt;b&gt;&amp;\">\n<option value=\"Party 1\">"), "\(add)")
        let edit = web.get("/loans/1").body
        #expect(edit.contains("id=\"edit-counterparty\" name=\"counterparty\" value=\"Party 1\" list=\"known-names\""), "\(edit)")
        #expect(edit.contains("<option value=\"Party 12\">"))
        // Kept until the loans change: a write the watcher has not told yet is not read again.
        web.store.author = "bob@laptop"
        _ = try AddLoan(store: web.store).run(LoanDraft(
            title: "Tent", direction: .borrowed, counterparty: "Yann", lentOn: Sample.day(0), dueOn: Sample.day(5), note: nil
        ))
        #expect(!web.get("/loans/new").body.contains("<option value=\"Yann\">"), "the names are kept while nothing changes")
        web.front.live.changed()
        #expect(web.get("/loans/new").body.contains("<option value=\"Yann\">"))
        _ = web.post("/loans", [("title", "Ladder"), ("direction", "lent"), ("counterparty", "Zoë"), ("due", "+1w")])
        #expect(web.get("/loans/new").body.contains("<option value=\"Zoë\">"))
    }

    /// The page a form leads to shows the form's change even when another server on the same
    /// database wrote it and this one's watcher has not heard of it yet (the visitor's request
    /// carries the form's flash): the list is read again, and kept for the next visitor.
    @Test func thePageAfterAChangeMadeThroughAnotherServerShowsIt() throws {
        let web = TestFront(loans: Sample.loans, watches: true)
        try web.signIn()
        let first = web.get("/").body
        // Another server renews #4 (its watcher has told this one nothing) and leads back here.
        web.store.author = "alice@web"
        _ = try RenewLoan(store: web.store).run(LoanID(4), to: .offset(DateOffset(parsing: "+1w")!))
        web.cookies[WebCookies.flash] = WebCookies.flashValue("Renewed loan #4")
        let after = web.get("/").body
        #expect(after != first && after.contains("Renewed loan #4"))
        #expect(PageTests.rows(after).contains { $0.hasPrefix("#4 ") && $0.hasSuffix("due in 7 days") }, "\(PageTests.rows(after))")
        #expect(PageTests.rows(web.get("/").body).contains { $0.hasPrefix("#4 ") && $0.hasSuffix("due in 7 days") }, "kept for the next visit")
    }

    /// A store that fails: `/healthz` says 503, a page says so in words (503), the API in JSON.
    @Test func aStoreThatFailsIsUnavailable() throws {
        let web = try PageTests.signedIn(Sample.loans)
        #expect(web.get("/healthz").status == 200)
        web.store.failure = StoreError(.unavailable, "database \"/x/loans.db\": disk I/O error")
        let health = web.get("/healthz")
        #expect(health.status == 503 && health.body == "unavailable\n")
        let page = web.get("/")
        #expect(page.status == 503 && page.body.contains("disk I/O error") && page.header("Retry-After") == "5")
        let api = web.get("/api/v1/agenda")
        #expect(api.status == 503 && api.header("Content-Type") == "application/json")
        #expect(web.post("/loans", [("title", "T"), ("direction", "lent"), ("counterparty", "C"), ("due", "fri")]).status == 503)
    }

    @Test func stylesAndScriptAreEmbeddedWithLongCacheLives() throws {
        let web = try PageTests.signedIn([])
        let page = web.get("/").body
        for asset in [StaticAssets.stylesheet, StaticAssets.script] {
            #expect(page.contains("\"\(asset.path)\""))
            let answer = web.get(asset.path)
            #expect(answer.status == 200 && answer.header("Content-Type") == asset.contentType)
            #expect(answer.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(asset.name.contains(String(SHA256.hex(asset.bytes).prefix(12))))
        }
        #expect(web.get("/static/loans-000000000000.css").status == 404)
        #expect(!page.contains("http://") || !page.contains("src=\"http"), "no asset from elsewhere")
        #expect(StaticAssets.stylesheet.bytes.count < 16_384 && StaticAssets.script.bytes.count < 4096)
    }
}

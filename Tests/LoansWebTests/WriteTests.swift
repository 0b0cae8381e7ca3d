import Foundation
import LoansCore
import LoansDocument
import LoansTestSupport
import LoansText
@testable import LoansWeb
import Testing

/// The forms obey the command line's rules and words: Post/Redirect/Get on success, the form
/// again with the input kept on a refusal (`422`), `404` for a missing loan; every write one change
/// of `NAME@web`, and undo takes back that person's changes only.
@Suite struct WriteTests {
    static func signedIn(_ loans: [Loan] = []) throws -> TestFront {
        let web = TestFront(loans: loans)
        try web.signIn()
        return web
    }

    @Test func addingIsPostRedirectGetWithTheCommandLinesLine() throws {
        let web = try WriteTests.signedIn()
        let added = web.post("/loans", [("title", "  Dune "), ("direction", "borrowed"), ("counterparty", "City Library"), ("due", "fri"), ("lent", "yesterday"), ("note", "")])
        #expect(added.status == 303 && added.header("Location") == "/loans/1")
        let loan = try #require(try web.store.loan(LoanID(1)))
        #expect(loan.title == "Dune" && loan.direction == .borrowed && loan.dueOn == CivilDate(iso: "2026-12-04") && loan.lentOn == Sample.day(-1) && loan.note == nil)
        let shown = web.get("/loans/1")
        #expect(shown.body.contains("<p class=\"flash\" role=\"status\">Added loan #1.</p>"))
        #expect(web.cookies[WebCookies.flash] == nil, "the flash shows once")
        #expect(!web.get("/loans/1").body.contains("class=\"flash\""))
        #expect(try web.store.history(of: nil, limit: nil).map(\.who) == ["alice@web"])
    }

    /// The live script's fetch of a page (`X-Loans-Live: 1`) can be under way while the browser
    /// follows a form's answer: it neither shows nor clears the flash, which the page the form
    /// leads to shows once.
    @Test func aLiveUpdateLeavesTheFlashToThePageTheFormLeadsTo() throws {
        let web = try WriteTests.signedIn()
        #expect(web.post("/loans", [("title", "Dune"), ("direction", "borrowed"), ("counterparty", "City Library"), ("due", "fri")]).status == 303)
        let live = web.get("/", headers: [WebField("X-Loans-Live", "1")])
        #expect(live.status == 200 && !live.body.contains("class=\"flash\""))
        #expect(web.cookies[WebCookies.flash] != nil, "the live update took the flash")
        #expect(web.get("/loans/1").body.contains("<p class=\"flash\" role=\"status\">Added loan #1.</p>"))
        #expect(web.cookies[WebCookies.flash] == nil)
    }

    /// Dates in every form the command line takes, refused in its words.
    @Test func datesAreTheCommandLinesDates() throws {
        let today = Sample.today
        for (typed, expected) in [("2026-12-24", "2026-12-24"), ("tomorrow", "2026-11-30"), ("mon", "2026-11-30"), ("+2w", "2026-12-13"), ("eom", "2026-11-30"), ("EOW", "2026-11-29")] {
            let draft = try LoanForms.draft([WebField("title", "T"), WebField("direction", "lent"), WebField("counterparty", "C"), WebField("due", typed)], today: today)
            #expect(draft.dueOn.iso == expected, "\(typed)")
        }
        let refusal = #expect(throws: FormRefusal.self) {
            try LoanForms.draft([WebField("title", ""), WebField("direction", "sideways"), WebField("counterparty", "C"), WebField("due", "2026-02-30")], today: today)
        }
        #expect(refusal?.message(for: "title") == LoanRuleViolation.empty(.title).description)
        #expect(refusal?.message(for: "due") == DateInputError.noSuchDay("2026-02-30").description)
        #expect(refusal?.message(for: "direction") != nil)
        #expect(refusal?.input["due"] == "2026-02-30", "what was typed is kept")
        let late = #expect(throws: FormRefusal.self) {
            try LoanForms.draft([WebField("title", "T"), WebField("direction", "lent"), WebField("counterparty", "C"), WebField("due", "2026-11-01"), WebField("lent", "2026-11-20")], today: today)
        }
        #expect(late?.message(for: "lent") == "due date 2026-11-01 is before the lent date 2026-11-20")
        #expect(try LoanForms.renewal([WebField("by", "+3")], today: today) == .offset(DateOffset(parsing: "+3d")!))
        #expect(throws: FormRefusal.self) { try LoanForms.renewal([WebField("by", "+3"), WebField("due", "fri")], today: today) }
        #expect(try LoanForms.returnDate([WebField("on", "")], today: today) == today)
    }

    @Test func aRefusedFormIsShownAgainWithItsInput() throws {
        let web = try WriteTests.signedIn([Sample.loan(1, due: 2, title: "Tent")])
        let added = web.post("/loans", [("title", "Ladder"), ("direction", "lent"), ("counterparty", "Sam"), ("due", "someday")])
        #expect(added.status == 422)
        #expect(added.body.contains("value=\"Ladder\"") && added.body.contains("value=\"someday\"") && added.body.contains("value=\"lent\" checked"))
        #expect(added.body.contains(DateInputError.notADate("someday", accepted: .all).description.replacingOccurrences(of: "\"", with: "&quot;")) || added.body.contains("is not a date"))
        #expect(added.body.contains("aria-invalid=\"true\""))
        // Core's own refusals: the command line's words, in the web's terms.
        let renewed = web.post("/loans/1/renew", [("due", "2026-11-01")])
        #expect(renewed.status == 422)
        #expect(renewed.body.contains("a renewal moves the due date later, and 2026-11-01 is not after 2026-12-01, the current due date (to correct a wrong due date, edit the loan)"))
        #expect(renewed.body.contains("value=\"2026-11-01\""))
        let future = web.post("/loans/1/return", [("on", "+3d")])
        #expect(future.status == 422 && future.body.contains("return date 2026-12-02 is after today (2026-11-29)"))
        #expect(web.post("/loans/1/reopen").status == 422)
        #expect(web.post("/loans/9/renew", [("by", "+1w")]).status == 404)
        #expect(web.post("/loans/9/remove").status == 404)
        #expect(try web.store.history(of: nil, limit: nil).isEmpty, "nothing refused was written")
    }

    @Test func everyFormChangesTheLoanOnce() throws {
        let web = try WriteTests.signedIn([Sample.loan(1, due: 2, title: "Tent")])
        #expect(web.post("/loans/1/renew", [("by", "+1w")]).header("Location") == "/loans/1")
        #expect(try web.store.loan(LoanID(1))?.dueOn == Sample.day(9))
        #expect(web.get("/loans/1").body.contains("Renewed loan #1: now due 2026-12-08 (renewal 1)."))
        #expect(web.post("/loans/1/return", [("on", "yesterday")]).status == 303)
        #expect(try web.store.loan(LoanID(1))?.returnedOn == Sample.day(-1))
        #expect(web.post("/loans/1/reopen").status == 303)
        #expect(try web.store.loan(LoanID(1))?.isOpen == true)
        let edited = web.post("/loans/1/edit", [("title", "Big tent"), ("direction", "borrowed"), ("counterparty", "Kim"), ("due", "2026-12-20"), ("lent", "2026-11-01"), ("note", "poles\r\npegs")])
        #expect(edited.status == 303)
        let loan = try #require(try web.store.loan(LoanID(1)))
        #expect(loan.title == "Big tent" && loan.direction == .borrowed && loan.counterparty == "Kim" && loan.note == "poles\npegs" && loan.renewals == 1)
        #expect(web.post("/loans/1/remove").header("Location") == "/")
        #expect(try web.store.loan(LoanID(1)) == nil)
        #expect(try web.store.history(of: nil, limit: nil).map(\.kind) == [.remove, .edit, .reopen, .returnLoan, .renew])
    }

    /// Undo on the web takes back the signed-in person's last change, not another's; redo puts it back.
    @Test func undoIsThePersonsOwn() throws {
        let web = try WriteTests.signedIn([Sample.loan(1, due: 2, title: "Tent"), Sample.loan(2, due: 5, title: "Rope")])
        _ = web.post("/loans/1/renew", [("by", "+1w")])
        web.store.author = "bob@laptop"
        _ = try RenewLoan(store: web.store).run(LoanID(2), to: .offset(DateOffset(parsing: "+2d")!))
        let undone = web.post("/undo")
        #expect(undone.status == 303)
        #expect(try web.store.loan(LoanID(1))?.dueOn == Sample.day(2) && web.store.loan(LoanID(2))?.dueOn == Sample.day(7))
        #expect(web.get("/").body.contains("Undid: renewed #1 Tent — it is due 2026-12-01 again"))
        #expect(web.post("/undo").status == 422)
        #expect(web.post("/redo").status == 303)
        #expect(try web.store.loan(LoanID(1))?.dueOn == Sample.day(9))
    }

    /// The API gives `loans json`'s documents byte for byte (apart from `generated_at`), with an
    /// ETag that a client sends back for a `304`, until the loans change.
    @Test func theAPIIsTheJSONDocuments() throws {
        let web = try WriteTests.signedIn(Sample.loans)
        let now = UTCTimestamp(date: Sample.today, hour: 12, minute: 0, second: 0)
        for (path, query) in [("agenda", JSONQuery.agenda), ("overdue", .overdue), ("due-soon", .dueSoon), ("all", .all)] {
            for ndjson in [false, true] {
                let answer = web.get("/api/v1/\(path)" + (ndjson ? "?ndjson=1" : ""))
                #expect(answer.status == 200 && answer.header("Content-Type") == (ndjson ? "application/x-ndjson" : "application/json"))
                let sink = CapturedSink()
                var writer = JSONDocumentWriter(ndjson: ndjson, into: sink)
                try JSONPresenter(query: AgendaQuery(store: web.store), policy: DuePolicy(today: Sample.today, window: .standard), generatedAt: now, databaseID: web.store.identity)
                    .present(query, to: &writer)
                #expect(answer.body == String(decoding: sink.bytes, as: UTF8.self), "\(path) ndjson \(ndjson)")
            }
        }
        let wide = web.get("/api/v1/due-soon?window=30").body
        #expect(wide.contains("\"window_days\":30") && wide.contains("\"title\":\"Loan 7\""))
        #expect(web.get("/api/v1/agenda?window=-1").status == 400)
        let history = web.get("/api/v1/history?loan=1")
        #expect(history.status == 200 && history.body.contains("\"query\":\"history\""))
        let first = web.get("/api/v1/agenda")
        let tag = try #require(first.header("ETag"))
        let again = web.get("/api/v1/agenda", headers: [WebField("If-None-Match", tag)])
        #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == tag)
        #expect(web.get("/api/v1/agenda?window=3", headers: [WebField("If-None-Match", tag)]).status == 200)
        _ = web.post("/loans/1/renew", [("by", "+1w")])
        #expect(web.get("/api/v1/agenda", headers: [WebField("If-None-Match", tag)]).status == 200, "a change makes a new tag")
        let feed = web.get("/calendar.ics")
        #expect(feed.status == 200 && feed.header("Content-Type") == "text/calendar; charset=utf-8" && feed.header("ETag") != nil)
        #expect(web.get("/calendar.ics", headers: [WebField("If-None-Match", feed.header("ETag")!)]).status == 304)
    }

    @Test func liveUpdatesReachEveryOpenPage() throws {
        let web = try WriteTests.signedIn()
        let answer = web.get("/events").answer
        #expect(answer.header("Content-Type") == "text/event-stream")
        guard case .events(let open) = answer.body else { Issue.record("not a stream"); return }
        let pages = [RecordingStream(), RecordingStream()]
        pages.forEach(open)
        #expect(web.front.live.changed() == 2)
        pages[0].open = false
        #expect(web.front.live.changed() == 1 && web.front.live.listeners == 1)
        #expect(pages[1].events == ["change 1", "change 2"])
    }

    /// A page is told of a web write once: by the store's watcher when it watches the store (the
    /// write itself tells no page, though the lists kept are old at once), else by the write.
    @Test(arguments: [true, false])
    func aWebWriteTellsEachPageOnce(_ watches: Bool) throws {
        let web = TestFront(loans: Sample.loans, watches: watches)
        try web.signIn()
        guard case .events(let open) = web.get("/events").answer.body else { Issue.record("not a stream"); return }
        let page = RecordingStream()
        open(page)
        let before = web.front.live.current
        #expect(web.post("/loans/4/renew", [("by", "+1w")]).status == 303)
        #expect(web.front.live.current == before + 1, "the lists kept before the write are old")
        #expect(page.events.count == (watches ? 0 : 1), "\(page.events)")
        if watches { web.front.changed() }  // what the store's watcher does once it notices the write
        #expect(page.events.count == 1, "\(page.events)")
    }

    /// When the store may have changed, the streams of a session that has ended (signed out by
    /// another request, here) and of an API token revoked are closed; the others are told.
    @Test func aChangeClosesTheStreamsOfEndedSessionsAndTokens() throws {
        let web = try WriteTests.signedIn()
        let token = WebTokens.random()!
        try web.signIns.addToken(WebTokens.hash(token), account: try #require(try web.signIns.accounts().first).id, now: 0)
        func open(_ headers: [WebField] = []) throws -> RecordingStream {
            guard case .events(let open) = web.get("/events", headers: headers).answer.body else { throw HarnessError("not a stream") }
            let stream = RecordingStream()
            open(stream)
            return stream
        }
        let first = try open()
        let script = try open([WebField("Authorization", "Bearer " + token)])
        let session = try #require(web.cookies[WebCookies.session])
        try web.signIn("bob")
        let other = try open()
        web.front.changed()
        #expect(first.open && script.open && other.open && other.events == ["change 1"])
        try web.signIns.endSession(WebTokens.hash(session))
        web.front.changed()
        #expect(!first.open && first.events == ["change 1"] && script.open && other.events == ["change 1", "change 2"])
        _ = try web.signIns.revokeTokens(ofAccount: try #require(try web.signIns.accounts().first { $0.name == "alice" }).id)
        web.front.changed()
        #expect(!script.open && other.open && web.front.live.listeners == 1)
    }
}

/// An `/events` stream that records what it was sent.
final class RecordingStream: EventStream, @unchecked Sendable {
    var events: [String] = []
    var open = true
    func send(event: String, data: String) -> Bool {
        guard open else { return false }
        events.append("\(event) \(data)")
        return true
    }
    var isOpen: Bool { open }
    func close() { open = false }
}

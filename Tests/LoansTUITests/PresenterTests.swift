import LoansCore
import LoansTestSupport
import LoansTUI
import LoansText
import Testing

/// Frames as the presenters word them: empty, failure, mixed, filtered, and the relative day
/// at each boundary of the window.
@Suite struct PresenterTests {
    func lines(_ frame: Frame) -> [ListBody.Line] {
        guard case .list(let list) = frame.body else { return [] }
        return list.lines
    }

    func rows(_ frame: Frame) -> [RowFrame] {
        lines(frame).compactMap { line in
            if case .row(let row) = line { return row }
            return nil
        }
    }

    @Test func nothingDueIsTheEmptyScreen() {
        let source = MemorySource()
        source.loan("Later", due: 30)
        let app = TUIApp(source: source, width: 80, height: 24)
        guard case .notice(let notice) = app.frame.body else { Issue.record("not a notice"); return }
        #expect(notice.text == "No loans due soon.")
        #expect(notice.tone != .error)
        #expect(app.frame.visibleIDs.isEmpty)
    }

    @Test func anUnreadableStoreIsTheFailureScreen() {
        let source = MemorySource.demo()
        source.store.failure = StoreError(.unavailable, "database \"/x/loans.db\": file is not a database")
        let app = TUIApp(source: source, width: 80, height: 24)
        guard case .notice(let notice) = app.frame.body else { Issue.record("not a notice"); return }
        #expect(notice.text == "Loans could not be loaded: database \"/x/loans.db\": file is not a database")
        #expect(notice.tone == .error)
        #expect(app.text.contains("Loans could not be loaded:"))
        #expect(!app.text.contains("No loans due soon."))
    }

    @Test func aMixedAgendaHasHeadedSectionsWithCountsAndColours() {
        let app = TUIApp(source: MemorySource.demo(), width: 80, height: 24)
        #expect(app.frame.header == "Today: Sun 2026-11-29 · Due soon: within 7 days")
        #expect(app.frame.context == "Agenda")
        let headings = lines(app.frame).compactMap { line -> String? in
            if case .heading(let text, let tone) = line { return "\(text) \(tone)" }
            return nil
        }
        #expect(headings == ["OVERDUE (2) overdue", "DUE SOON (3) dueSoon"])
        #expect(rows(app.frame).map(\.title) == ["The Hobbit", "Cordless drill", "Dune", "Camping tent", "The Pragmatic Programmer"])
        #expect(rows(app.frame).map(\.party) == ["to Alice", "to Sam next door", "from City Library", "from Priya", "from City Library"])
        #expect(rows(app.frame).map(\.tone) == [.overdue, .overdue, .dueSoon, .dueSoon, .dueSoon])
        #expect(rows(app.frame).map(\.selected) == [true, false, false, false, false])
        #expect(app.frame.visibleIDs == [1, 2, 3, 4, 5].map { LoanID($0) })
    }

    @Test func aFilterKeepsMatchingTitlesOrCounterparties() {
        var app = TUIApp(source: MemorySource.demo(), width: 80, height: 24)
        app.press(.character("/"))
        app.type("LIBR")
        #expect(app.frame.context == "Agenda · /LIBR")
        #expect(rows(app.frame).map(\.id.rawValue) == [3, 5])
        #expect(lines(app.frame).first == .heading("DUE SOON (2)", .dueSoon))
        app.press(.backspace, .backspace, .backspace, .backspace)
        app.type("tent")
        #expect(rows(app.frame).map(\.title) == ["Camping tent"])
        app.type("x")
        guard case .notice(let notice) = app.frame.body else { Issue.record("not a notice"); return }
        #expect(notice.text == "No loans match \"tentx\".")
        app.press(.escape)
        #expect(rows(app.frame).count == 5)
        #expect(app.frame.context == "Agenda")
    }

    @Test func aFilterMatchingVeryManyLoansCapsItsCount() {
        let source = MemorySource()
        for index in 0..<105 { source.loan("Book \(index)", due: -1) }
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.character("/"))
        app.type("book")
        #expect(lines(app.frame).first == .heading("OVERDUE (99+)", .overdue))
    }

    @Test(arguments: [
        (-40, "40 days overdue", Tone.overdue), (-2, "2 days overdue", .overdue), (-1, "1 day overdue", .overdue),
        (0, "Due today", .dueSoon), (1, "Due tomorrow", .dueSoon), (3, "Due in 3 days", .dueSoon),
        (7, "Due in 7 days", .dueSoon),
    ])
    func relativeDaysAtEachBoundary(_ days: Int, _ wording: String, _ tone: Tone) {
        let source = MemorySource()
        source.loan("Item", due: days)
        let app = TUIApp(source: source, width: 80, height: 24)
        #expect(rows(app.frame).map(\.relativeDay) == [wording])
        #expect(rows(app.frame).map(\.tone) == [tone])
    }

    @Test func theDayAfterTheWindowIsOnlyInAllOpenLoans() {
        let source = MemorySource()
        source.loan("Edge", due: 7)
        source.loan("Past the edge", due: 8)
        var app = TUIApp(source: source, width: 80, height: 24)
        #expect(rows(app.frame).map(\.title) == ["Edge"])
        app.press(.tab)
        #expect(app.frame.context == "All open")
        #expect(rows(app.frame).map(\.title) == ["Edge", "Past the edge"])
        #expect(rows(app.frame).map(\.relativeDay) == ["Due in 7 days", "Due in 8 days"])
        #expect(lines(app.frame).last == .row(rows(app.frame)[1]))
        #expect(lines(app.frame).contains(.heading("LATER (1)", .accent)))
        #expect(rows(app.frame)[1].tone == .plain)
        app.press(.tab, .tab)
        #expect(rows(app.frame).map(\.title) == ["Edge"])
    }

    @Test(arguments: [(0, "today only"), (1, "within 1 day"), (7, "within 7 days"), (36500, "within 36500 days")])
    func theHeaderNamesTodayAndTheWindow(_ window: Int, _ wording: String) {
        let app = TUIApp(source: MemorySource(today: .on("2026-03-01"), window: window), width: 80, height: 24)
        #expect(app.frame.header == "Today: Sun 2026-03-01 · Due soon: \(wording)")
    }

    @Test func theDetailShowsEveryFieldNoteAndRenewalHistory() throws {
        let source = MemorySource()
        let id = source.loan("Dune", "City Library", due: -7, direction: .borrowed, note: "Second line follows\nsecond line")
        _ = try RenewLoan(store: source.store).run(id, to: .date(.on("2026-11-25")))
        _ = try RenewLoan(store: source.store).run(id, to: .date(.on("2026-11-29")))
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.enter)
        guard case .detail(let detail) = app.frame.body else { Issue.record("not a detail"); return }
        #expect(detail.fields.map(\.label) == [
            "Title", "Direction", "Borrowed from", "Borrowed on", "Due on", "Returned on", "Renewals", "", "", "Note", "",
        ])
        #expect(detail.fields.map(\.value) == [
            "Dune", "borrowed (I have it)", "City Library", "Fri 2026-10-30", "Sun 2026-11-29 · Due today", "not yet", "2",
            "1. 2026-11-22 → 2026-11-25", "2. 2026-11-25 → 2026-11-29", "Second line follows", "second line",
        ])
    }

    /// The day a loan began has one name in every front: `show`, the TUI's detail and its forms
    /// say "Lent on" for a thing lent and "Borrowed on" for a thing borrowed.
    @Test(arguments: Direction.allCases)
    func theDayALoanBeganHasOneName(_ direction: Direction) throws {
        let loan = Loan(
            id: LoanID(1), title: "Dune", direction: direction, counterparty: "Sam", lentOn: .on("2026-11-01"), dueOn: .on("2026-12-01")
        )
        let standing = DuePolicy(today: .on("2026-11-29"), window: .standard).standing(of: loan)
        let show = try #require(LoanDetailText.lines(standing).first { $0.hasPrefix(direction == .lent ? "Lent on:" : "Borrowed on:") })
        let label = String(show.prefix { $0 != ":" })
        #expect(DetailPresenter.body(standing, scroll: 0).fields.map(\.label).contains(label))
        let form = FormPresenter.body(LoanForm.edit(loan), today: .on("2026-11-29"))
        #expect(form.fields.map(\.label).contains(label), "the edit form names the field the same")
    }
}

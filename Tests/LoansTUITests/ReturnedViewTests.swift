import LoansCore
import LoansTestSupport
import LoansTUI
import Testing

/// The Returned view: the third view `Tab` reaches, newest return first, paged a screenful at a
/// time; its loans can be opened and reopened, not filtered.
@Suite struct ReturnedViewTests {
    /// The demo loans, and 3 000 returned ones over 300 days (ten a day).
    static func source(returned: Int = 3000) throws -> MemorySource {
        let source = MemorySource.demo()
        for index in 0..<returned {
            let id = source.loan("Old \(index)", "Party \(index % 13)", due: -400, lent: -500)
            _ = try ReturnLoan(store: source.store).run(
                id, on: source.policy.today.adding(days: -(index % 300)) ?? source.policy.today, today: source.policy.today
            )
        }
        return source
    }

    /// Returned loans newest return first, on the same day the larger id first.
    static func order(_ source: MemorySource) throws -> [LoanID] {
        var order: [LoanID] = []
        try ReturnedQuery(store: source.store).page(beyond: nil, newestFirst: true, limit: nil) { order.append($0.id) }
        return order
    }

    func rows(_ app: TUIApp) -> [RowFrame] {
        guard case .list(let list) = app.frame.body else { return [] }
        return list.lines.compactMap { line in
            if case .row(let row) = line { return row }
            return nil
        }
    }

    @Test func tabCyclesAgendaAllOpenAndReturned() throws {
        var app = TUIApp(source: try Self.source(returned: 3), width: 100, height: 24)
        #expect(app.frame.context == "Agenda")
        app.press(.tab)
        #expect(app.frame.context == "All open")
        app.press(.tab)
        #expect(app.frame.context == "Returned")
        #expect(app.text.contains("RETURNED (3)"))
        #expect(rows(app).map(\.title) == ["Old 0", "Old 1", "Old 2"])
        #expect(rows(app).map(\.relativeDay) == ["Returned 2026-11-29", "Returned 2026-11-28", "Returned 2026-11-27"])
        app.press(.tab)
        #expect(app.frame.context == "Agenda")
    }

    @Test func theNewestReturnComesFirstAndEveryKeyReadsAScreenful() throws {
        let source = try Self.source()
        let order = try Self.order(source)
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.tab, .tab)
        #expect(app.text.contains("RETURNED (99+)"))
        #expect(app.browser.selected?.id == order[0])
        for _ in 0..<25 { app.press(.down) }
        #expect(app.browser.selected?.id == order[25])
        let keys: [Key] = [.down, .pageDown, .pageDown, .character("G"), .up, .pageUp, .character("g"), .down, .end, .home]
        for key in keys {
            source.store.visited = 0
            app.press(key)
            _ = app.screen
            #expect(source.store.visited <= 3 * 24, "\(key) read \(source.store.visited) loans")
        }
        app.press(.character("G"))
        #expect(app.browser.selected?.id == order.last)
        app.press(.pageUp, .character("k"))
        #expect(app.frame.visibleIDs.contains(app.browser.selected?.id ?? LoanID(0)))
    }

    @Test func aReturnedLoanOpensAndReopensAndItsViewHasNoFilter() throws {
        let source = try Self.source(returned: 2)
        var app = TUIApp(source: source, width: 120, height: 24)
        app.press(.character("/"))
        app.type("old")
        app.press(.enter, .tab, .tab)
        #expect(app.frame.context == "Returned" && app.browser.filter == nil)
        #expect(app.frame.hints.map(\.key) == ["⏎", "a", "e", "o", "x", "Tab", "u", "^R", "?", "q"])
        app.press(.character("/"), .character("r"), .character("n"))
        #expect(app.router.current == .agenda && !app.text.contains("Filter:"))
        let first = try #require(app.browser.selected?.id)
        app.press(.enter)
        #expect(app.router.current == .detail(first))
        #expect(app.frame.hints.map(\.key) == ["e", "o", "x", "u", "^R", "?", "q"])
        app.press(.character("q"), .character("o"))
        #expect(try source.store.loan(first)?.returnedOn == nil)
        #expect(app.text.contains("Reopened loan #\(first): it is open again"))
        #expect(app.text.contains("RETURNED (1)") && app.browser.selected?.id != first)
        app.press(.character("u"))
        #expect(try source.store.loan(first)?.returnedOn != nil)
        #expect(app.text.contains("RETURNED (2)"))
    }

    @Test func addingFromTheReturnedViewShowsTheNewLoanInTheAgenda() throws {
        var app = TUIApp(source: try Self.source(returned: 2), width: 80, height: 24)
        app.press(.tab, .tab, .character("a"))
        app.type("Drill")
        app.press(.tab, .tab)
        app.type("Sam")
        app.press(.enter)
        #expect(app.frame.context == "Agenda")
        #expect(app.text.contains("▸ #9  Drill"))
    }

    @Test func noReturnedLoansIsItsOwnEmptyScreen() {
        var app = TUIApp(source: MemorySource.demo(), width: 80, height: 24)
        app.press(.tab, .tab)
        guard case .notice(let notice) = app.frame.body else { Issue.record("not a notice"); return }
        #expect(notice.text == "No returned loans.")
    }
}

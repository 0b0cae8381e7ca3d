import LoansCore
import LoansTestSupport
import LoansTUI
import Testing

/// Navigation over a long list: every key lands where a user expects, and reads only about a
/// screenful of loans from the store, however long the list.
@Suite struct BrowserTests {
    /// 3 000 loans, half overdue, several on each day, in contract order.
    static func bigSource() -> (MemorySource, [LoanID]) {
        let source = MemorySource()
        for index in 0..<3000 {
            let due = index < 1500 ? -1 - (index % 300) : index % 8
            source.loan("Loan \(index)", "Party \(index % 17)", due: due, lent: -400)
        }
        var order: [LoanID] = []
        try? DueGroupQuery(.overdue, store: source.store).forEach(source.policy) { order.append($0.id) }
        try? DueGroupQuery(.dueSoon, store: source.store).forEach(source.policy) { order.append($0.id) }
        return (source, order)
    }

    func selected(_ app: TUIApp) -> LoanID? { app.browser.selected?.id }

    @Test func stepsPagesAndJumpsFollowTheContractOrder() {
        let (source, order) = Self.bigSource()
        var app = TUIApp(source: source, width: 80, height: 24)
        #expect(selected(app) == order[0])
        var index = 0
        func check(_ key: Key, _ expected: Int, _ comment: Comment) {
            app.press(key)
            index = expected
            #expect(selected(app) == order[index], comment)
            #expect(app.frame.visibleIDs.contains(order[index]))
        }
        for _ in 0..<30 { check(.down, index + 1, "j") }
        for _ in 0..<5 { check(.up, index - 1, "k") }
        check(.character("G"), order.count - 1, "G")
        check(.character("j"), order.count - 1, "j at the end stays")
        for _ in 0..<3 { check(.character("k"), index - 1, "k from the end") }
        check(.character("g"), 0, "g")
        check(.character("k"), 0, "k at the top stays")
        for _ in 0..<1499 { app.press(.down) }
        #expect(selected(app) == order[1499])
        app.press(.down)
        #expect(selected(app) == order[1500])
        #expect(app.frame.visibleIDs.contains(order[1500]))
        #expect(app.text.contains("DUE SOON (1500)"))
        app.press(.up)
        #expect(selected(app) == order[1499])
    }

    @Test func pagesMoveAScreenAndStopAtTheEnds() {
        let (source, order) = Self.bigSource()
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.pageDown)
        let afterOne = order.firstIndex(of: selected(app) ?? LoanID(0)) ?? -1
        #expect((18...21).contains(afterOne))
        app.press(.pageDown, .pageDown)
        let afterThree = order.firstIndex(of: selected(app) ?? LoanID(0)) ?? -1
        #expect((afterOne + 38)...(afterOne + 41) ~= afterThree)
        app.press(.pageUp, .pageUp, .pageUp)
        #expect(selected(app) == order[0])
        app.press(.pageUp)
        #expect(selected(app) == order[0])
        app.press(.end, .pageDown)
        #expect(selected(app) == order.last)
        app.press(.home)
        #expect(app.text.contains("OVERDUE (1500)"))
    }

    @Test func everyKeyReadsAboutOneScreenful() {
        let (source, _) = Self.bigSource()
        var app = TUIApp(source: source, width: 80, height: 24)
        let keys: [Key] = [.down, .pageDown, .pageDown, .character("G"), .up, .pageUp, .character("g"), .down, .end, .home]
        for key in keys {
            source.store.visited = 0
            app.press(key)
            _ = app.screen
            #expect(source.store.visited <= 3 * 24, "\(key) read \(source.store.visited) loans")
        }
        #expect(source.store.visited > 0)
    }

    @Test func aRefreshKeepsTheCursorOnItsLoanOrMovesToTheNext() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.down, .down)
        #expect(selected(app) == LoanID(3))
        source.loan("Older", due: -10)
        app.handle(.changed)
        #expect(selected(app) == LoanID(3))
        _ = try source.store.remove(LoanID(3))
        app.handle(.changed)
        #expect(selected(app) == LoanID(4))
    }

    @Test func theCursorStaysVisibleAcrossResizes() {
        let (source, order) = Self.bigSource()
        var app = TUIApp(source: source, width: 80, height: 24)
        for _ in 0..<40 { app.press(.down) }
        app.handle(.resize(width: 80, height: 10))
        #expect(selected(app) == order[40])
        #expect(app.frame.visibleIDs.contains(order[40]))
        app.handle(.resize(width: 120, height: 40))
        #expect(selected(app) == order[40])
    }
}

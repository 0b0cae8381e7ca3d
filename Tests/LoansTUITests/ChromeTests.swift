import LoansCore
import LoansTestSupport
import LoansText
import LoansTUI
import Testing

/// The header names the screen and the footer lists exactly the keys of each mode; narrow
/// screens keep the relative day whole and wrap form errors; a new loan is shown wherever it is.
@Suite struct ChromeTests {
    func footer(_ app: TUIApp) -> String {
        app.frame.hints.map { "\($0.key) \($0.action)" }.joined(separator: "  ")
    }

    @Test func everyModeNamesItsScreenAndItsKeys() {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 120, height: 30)
        let list = "⏎ open  a add  e edit  r return  n renew  x remove  / filter  Tab all open  u undo  ^R redo  ? help  q quit"
        #expect((app.frame.context, footer(app)) == ("Agenda", list))
        app.press(.character("/"))
        #expect((app.frame.context, footer(app)) == ("Agenda", "⏎ keep filter  ↑↓ move  Esc clear filter"))
        app.type("zz")
        #expect((app.frame.context, footer(app)) == ("Agenda · /zz", "⏎ keep filter  Esc clear filter"))
        app.press(.enter)
        #expect((app.frame.context, footer(app)) == ("Agenda · /zz", "a add  / filter  Tab all open  u undo  ^R redo  ? help  q quit"))
        app.press(.escape, .tab)
        #expect(app.frame.context == "All open")
        #expect(footer(app) == "⏎ open  a add  e edit  r return  n renew  x remove  / filter  Tab returned  u undo  ^R redo  ? help  q quit")
        app.press(.tab)
        #expect((app.frame.context, footer(app)) == ("Returned", "a add  Tab agenda  u undo  ^R redo  ? help  q quit"))
        app.press(.tab, .enter)
        #expect((app.frame.context, footer(app)) == ("Loan #1", "e edit  r return  n renew  x remove  u undo  ^R redo  ? help  q back"))
        app.press(.character("n"))
        #expect((app.frame.context, footer(app)) == ("Renew #1", "⏎ save  Esc cancel  ←→ cursor"))
        app.press(.escape, .character("x"))
        #expect((app.frame.context, footer(app)) == ("Remove #1", "y remove  n/Esc keep"))
        app.press(.escape, .escape, .character("e"))
        #expect((app.frame.context, footer(app)) == ("Edit #1", "⏎ save  Esc cancel  Tab/↑↓ field  ←→ cursor"))
        app.press(.tab)
        #expect(footer(app) == "⏎ save  Esc cancel  Tab/↑↓ field  Space lent/borrowed")
        app.press(.escape, .character("?"))
        #expect((app.frame.context, footer(app)) == ("Help", "↑↓ scroll  q back"))
        app.handle(.resize(width: 120, height: HelpPresenter.lines.count + 5))
        #expect(footer(app) == "q back")
        app.press(.character("q"))
        source.store.failure = StoreError(.unavailable, "database is locked")
        app.handle(.changed)
        #expect((app.frame.context, footer(app)) == ("not current · Agenda", "q quit"))
    }

    @Test func theHeaderSaysDemoForADemo() {
        let demo = TUIApp(today: MemorySource.demo().today, stores: MemorySource.demo(), width: 80, height: 24, demo: true)
        #expect(demo.screen.line(0).hasPrefix(" loans DEMO │ Today: Sun 2026-11-29"))
        #expect(TUIApp(source: MemorySource.demo(), width: 80, height: 24).screen.line(0).hasPrefix(" loans │ Today:"))
    }

    @Test func at40ColumnsTheRelativeDayStaysWholeAndTitlesShrink() {
        let source = MemorySource()
        source.loan("A title far too long for forty columns", "Someone with a long name", due: -29)
        source.loan("Short", "Bo", due: 5)
        let app = TUIApp(source: source, width: 40, height: 10)
        let rows = app.screen.lines.filter { $0.contains("#") }
        #expect(rows.map { $0.trimmingTrailingBlanks } == [
            " ▸ #1  A titl…  to So…  29 days overdue",
            "   #2  Short    to Bo     Due in 5 days",
        ])
        #expect(rows.allSatisfy { DisplayWidth.of($0.trimmingTrailingBlanks) == 39 })
    }

    @Test func aFormErrorWrapsAt40ColumnsAndIsNeverCut() {
        // The date message lists every form a date may take: four lines at 40 columns.
        var app = TUIApp(source: MemorySource.demo(), width: 40, height: 9)
        app.press(.character("n"), .control("u"))
        app.type("next week")
        let text = app.screen.lines.map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: " ")
        #expect(text.contains("\"next week\" is not a date (use YYYY-MM-DD, today, tomorrow, yesterday, a weekday, +N[dwmy], eow or eom)"), "\(app.text)")
        #expect(app.screen.lines.contains { $0.trimmingTrailingBlanks.hasSuffix("[xt week ]  ✗") }, "\(app.text)")
    }

    @Test func aNewLoanOutsideTheAgendaIsShownInAllOpenAndSelected() {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.character("/"))
        app.type("drill")
        app.press(.enter, .character("a"))
        app.type("Ladder")
        app.press(.tab, .tab)
        app.type("Kim")
        app.press(.tab, .tab, .control("u"))
        app.type("+30d")
        app.press(.enter)
        #expect(app.browser.mode == .allOpen && app.browser.filter == nil)
        #expect(app.browser.selected?.id == LoanID(7))
        #expect(app.text.contains("▸ #7  Ladder"))
        #expect(app.frame.context == "All open")
    }

    @Test func aGraphemeWiderThanTwoColumnsKeepsItsColumns() {
        var screen = ScreenBuffer(width: 12, height: 1)
        screen.put("ab", row: 0, column: 0)
        screen.put("xyzw", row: 0, column: 6)
        screen.put("Q", row: 0, column: 3)
        #expect(screen.line(0) == "ab Q  xyzw  ")
        screen.put("界界界", row: 0, column: 2)
        #expect(screen.line(0) == "ab界界界zw  ")
        screen.put("-", row: 0, column: 5)
        #expect(screen.line(0) == "ab界 -界zw  ")
        #expect(screen.cells.map(\.width) == [1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 1, 1])
    }
}

extension String {
    var trimmingTrailingBlanks: String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}

import LoansCore
import LoansTUI
import Testing

/// The mouse on each screen: the wheel scrolls, a click selects, a double-click opens.
@Suite struct MouseTests {
    static func source() -> MemorySource {
        let source = MemorySource()
        for index in 1...40 { source.loan("Book \(index)", due: index % 7) }
        return source
    }

    func press(_ row: Int, clicks: Int = 1) -> TUIEvent {
        .mouse(MouseEvent(.press(.left), row: row, column: 10, clicks: clicks))
    }

    @Test func theWheelScrollsTheListThreeLinesAndTheCursorStaysOnScreen() {
        var app = TUIApp(source: Self.source(), width: 80, height: 24)
        #expect(app.browser.lines.first == .heading(1))
        app.handle(.mouse(MouseEvent(.wheelDown, row: 5, column: 5)))
        #expect(app.browser.lines.count == 21)
        #expect(app.browser.lines.first?.loan?.loan.title == "Book 21")
        #expect(app.browser.selected?.loan.title == "Book 21")
        app.handle(.mouse(MouseEvent(.wheelDown, row: 5, column: 5)))
        app.handle(.mouse(MouseEvent(.wheelUp, row: 5, column: 5)))
        #expect(app.browser.lines.first?.loan?.loan.title == "Book 21")
        app.handle(.mouse(MouseEvent(.wheelUp, row: 5, column: 5)))
        #expect(app.browser.lines.first == .heading(1))
        for _ in 0..<30 { app.handle(.mouse(MouseEvent(.wheelDown, row: 5, column: 5))) }
        #expect(app.browser.moreBelow == false && app.browser.moreAbove)
    }

    @Test func aClickSelectsAndADoubleClickOpens() {
        var app = TUIApp(source: MemorySource.demo(), width: 80, height: 24)
        app.handle(press(6))
        #expect(app.browser.selected?.id == LoanID(4))
        #expect(app.router.current == .agenda)
        app.handle(press(0))
        app.handle(press(4))
        app.handle(press(22))
        #expect(app.browser.selected?.id == LoanID(4))
        app.handle(press(3, clicks: 2))
        #expect(app.router.current == .detail(LoanID(2)))
        app.handle(.mouse(MouseEvent(.release, row: 3, column: 10)))
        #expect(app.router.current == .detail(LoanID(2)))
    }

    @Test func theWheelScrollsTheDetailAndTheHelp() {
        let source = MemorySource()
        source.loan("Notebook", due: 1, note: (1...60).map { "Line \($0)" }.joined(separator: "\n"))
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.enter)
        app.handle(.mouse(MouseEvent(.wheelDown, row: 5, column: 5)))
        #expect(app.text.contains("Lent on") && !app.text.contains("Direction"))
        app.handle(.mouse(MouseEvent(.wheelUp, row: 5, column: 5)))
        #expect(app.text.contains("Title"))
        app.press(.character("q"), .character("?"))
        app.handle(.mouse(MouseEvent(.wheelDown, row: 5, column: 5)))
        #expect(!app.text.contains("Moving"))
    }

    @Test func aTooSmallScreenIgnoresTheMouse() {
        var app = TUIApp(source: MemorySource.demo(), width: 30, height: 6)
        app.handle(press(3, clicks: 2))
        #expect(app.router.current == .agenda && app.browser.selected?.id == LoanID(1))
    }
}

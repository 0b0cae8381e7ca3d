import LoansCore
import LoansTestSupport
import LoansTUI
import Testing

/// Whole flows through keys: every change through the use cases on the source's writer, the
/// screen after it, a new day, another process's change, a failing store, quitting.
@Suite struct AppFlowTests {
    @Test func addingThroughTheFormListsTheLoanWithTheCursorOnIt() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.character("a"))
        #expect(app.text.contains("Add a loan"))
        app.type("Snow shovel")
        app.press(.tab, .tab)
        app.type("Neighbour")
        app.press(.tab, .tab, .control("u"))
        app.type("+1d")
        app.press(.tab)
        app.type("by the door")
        app.press(.enter)
        #expect(source.writes == 1)
        let loan = try #require(try source.store.loan(LoanID(7)))
        #expect(loan.title == "Snow shovel" && loan.counterparty == "Neighbour" && loan.direction == .lent)
        #expect(loan.dueOn == .on("2026-11-30") && loan.lentOn == .on("2026-11-29") && loan.note == "by the door")
        #expect(app.browser.selected?.id == LoanID(7))
        #expect(app.text.contains("Added loan #7."))
        #expect(app.text.contains("▸ #7  Snow shovel"))
    }

    @Test func escapeCancelsAFormWithoutWriting() {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.character("a"))
        app.press(.escape)
        #expect(app.router.current == .agenda)
        app.press(.character("a"))
        app.type("Nothing")
        app.press(.escape)
        #expect(app.router.current == .add)
        #expect(app.text.contains("Discard your changes? y discards them · n keeps editing"))
        #expect(app.frame.hints == [KeyHint("y", "discard"), KeyHint("n/Esc", "keep editing")])
        app.press(.character("y"))
        #expect(source.writes == 0)
        #expect(app.router.current == .agenda)
        #expect(app.text.contains("OVERDUE (2)"))
    }

    @Test func editRenewReturnAndRemoveFromTheList() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.character("e"))
        app.press(.end)
        app.type(" (2nd ed.)")
        app.press(.enter)
        #expect(try source.store.loan(LoanID(1))?.title == "The Hobbit (2nd ed.)")
        #expect(app.text.contains("Edited loan #1."))
        app.press(.character("n"))
        #expect(app.text.contains("→ Thu 2026-12-03"))
        app.press(.enter)
        #expect(try source.store.loan(LoanID(1))?.dueOn == .on("2026-12-03"))
        #expect(try source.store.loan(LoanID(1))?.previousDueDates == [.on("2026-11-26")])
        #expect(app.text.contains("Renewed loan #1: now due 2026-12-03 (renewal 1)."))
        #expect(app.browser.selected?.id == LoanID(1))
        app.press(.character("r"), .enter)
        #expect(try source.store.loan(LoanID(1))?.returnedOn == .on("2026-11-29"))
        #expect(app.text.contains("Returned loan #1 on 2026-11-29."))
        #expect(!app.frame.visibleIDs.contains(LoanID(1)))
        let next = try #require(app.browser.selected?.id)
        app.press(.character("x"))
        #expect(app.text.contains("Remove loan #\(next)"))
        app.press(.character("n"))
        #expect(try source.store.loan(next) != nil)
        app.press(.character("x"), .character("y"))
        #expect(try source.store.loan(next) == nil)
        #expect(app.text.contains("Removed loan #\(next)."))
        #expect(app.router.current == .agenda)
    }

    @Test func actionsFromTheDetailComeBackToIt() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.down, .enter)
        #expect(app.router.current == .detail(LoanID(2)))
        app.press(.character("r"), .enter)
        #expect(app.router.current == .detail(LoanID(2)))
        #expect(app.text.contains("Returned on  Sun 2026-11-29 · 1 day late"))
        app.press(.character("n"), .character("r"))
        #expect(app.router.current == .detail(LoanID(2)))
        #expect(!app.frame.hints.contains { $0.key == "n" || $0.key == "r" })
        app.press(.character("x"), .character("y"))
        #expect(app.router.current == .agenda)
        #expect(try source.store.loan(LoanID(2)) == nil)
        app.press(.character("?"))
        #expect(app.text.contains("filter by title, counterparty or note"))
        app.press(.character("q"))
        #expect(app.router.current == .agenda && !app.isFinished)
        app.press(.character("q"))
        #expect(app.isFinished)
    }

    @Test func aRuleBrokenInTheUseCaseShowsInTheForm() {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.character("a"))
        app.type(String(repeating: "x", count: 501))
        app.press(.tab, .tab)
        app.type("Bob")
        app.press(.enter)
        #expect(source.writes == 0)
        #expect(app.text.contains("title is longer than 500 characters"))
        source.store.failure = StoreError(.readOnly, "--fixture \"f.json\" is read-only")
        app.press(.home, .control("k"))
        app.type("Short")
        app.press(.enter)
        #expect(app.text.contains("--fixture \"f.json\" is read-only"))
        #expect(app.router.current == .add)
    }

    @Test func aNewDayRecomputesTheAgendaWhenWoken() {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        #expect(app.text.contains("Due today"))
        source.policy = DuePolicy(today: .on("2026-11-30"), window: .standard)
        app.handle(.changed)
        #expect(app.frame.header.contains("Mon 2026-11-30"))
        #expect(app.text.contains("OVERDUE (3)"))
        #expect(app.text.contains("#3  Dune") && app.text.contains("1 day overdue"))
    }

    @Test func anotherProcesssChangeShowsWhenWoken() throws {
        let source = MemorySource()
        var app = TUIApp(source: source, width: 80, height: 24)
        #expect(app.text.contains("No loans due soon."))
        source.loan("Arrived elsewhere", due: 1)
        app.press(.down)
        #expect(app.text.contains("No loans due soon."))
        app.handle(.changed)
        #expect(app.text.contains("Arrived elsewhere"))
    }

    /// A store that fails after the list was read (a PostgreSQL outage): the last answer stays on
    /// screen, marked as not current in the header and on the status line with when it was read
    /// and why it cannot be read now; keys other than q do nothing; a read that works again
    /// takes the mark away.
    @Test func aFailingStoreKeepsTheLastAnswerMarkedNotCurrentAndRecovers() {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        let before = app.frame.body
        source.store.failure = StoreError(.unavailable, "database is locked")
        app.handle(.changed)
        #expect(app.frame.body == before, "the last answer is kept")
        #expect(app.text.contains("OVERDUE (2)"))
        #expect(app.frame.context == "not current · Agenda")
        #expect(app.frame.status == .message("Not current: as read at 2026-11-29 12:00; the loans cannot be read now: database is locked", .error))
        #expect(!app.text.contains("Loans could not be loaded"))
        app.press(.enter, .character("a"), .character("x"), .down)
        #expect(app.router.current == .agenda && app.frame.body == before)
        source.store.failure = nil
        app.handle(.changed)
        #expect(app.text.contains("OVERDUE (2)"))
        #expect(app.frame.context == "Agenda" && app.frame.status == nil)
        app.press(.escape)
        #expect(app.isFinished)
    }

    /// A read that fails part of the way (the counts read, the rows not) keeps the whole of the
    /// last answer: headings and rows from one reading, never a mix.
    @Test func aReadFailingHalfWayKeepsTheWholeLastAnswer() {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        let before = app.frame.body
        source.loan("Arrived meanwhile", due: -5)
        var calls = 0
        while calls < 100 {
            source.store.fail(StoreError(.unavailable, "server closed the connection"), afterCalls: calls)
            app.handle(.changed)
            guard app.failure != nil else { break }
            #expect(app.frame.body == before, "after \(calls) calls")
            #expect(app.frame.context == "not current · Agenda", "after \(calls) calls")
            calls += 1
        }
        #expect(calls > 1 && calls < 100, "a read took \(calls) calls")
        #expect(app.text.contains("OVERDUE (3)") && app.text.contains("Arrived meanwhile"))
    }

    /// Before any answer there is nothing to keep: the failure screen.
    @Test func aStoreFailingFromTheStartShowsTheFailureScreen() {
        let source = MemorySource.demo()
        source.store.failure = StoreError(.unavailable, "database is locked")
        var app = TUIApp(source: source, width: 80, height: 24)
        #expect(app.text.contains("Loans could not be loaded: database is locked"))
        #expect(app.frame.context == "Agenda" && app.frame.status == nil)
        source.store.failure = nil
        app.handle(.changed)
        #expect(app.text.contains("OVERDUE (2)"))
    }

    /// The failure screen says when the loans are read again, and that is when the runner reads
    /// them: after 0.25 s, then each pause twice the last, up to every 2 s (the PostgreSQL
    /// watcher's own schedule for its connection); a read that succeeds starts over.
    @Test func theFailureScreenTriesAgainWhenItSays() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        #expect(app.retryMilliseconds == nil)
        #expect(HelpPresenter.lines.allSatisfy { $0.count <= 80 })
        source.store.failure = StoreError(.unavailable, "database is locked")
        var pauses: [Int?] = []
        for _ in 0..<6 {
            app.handle(.changed)
            pauses.append(app.retryMilliseconds)
        }
        #expect(pauses == [250, 500, 1000, 2000, 2000, 2000])
        // Read once, the list stays on screen (not current); before any answer the failure screen
        // says the schedule.
        let failing = TUIApp(source: source, width: 80, height: 24)
        guard case .notice(let notice) = failing.frame.body else { Issue.record("not a notice"); return }
        #expect(notice.hint == "It is tried again after 0.25 s, then up to every 2 s · q quits")
        #expect(HelpPresenter.lines.contains("When the loans cannot be read (tried again after 0.25 s, then up to every 2 s)"))
        source.store.failure = nil
        app.handle(.changed)
        #expect(app.retryMilliseconds == nil)
        source.store.failure = StoreError(.unavailable, "database is locked")
        app.handle(.changed)
        #expect(app.retryMilliseconds == 250, "a new outage starts from the first pause")
    }

    @Test func aLongNoteWrapsAndScrollsInTheDetail() {
        let source = MemorySource()
        let note = (1...40).map { "Line \($0) " + String(repeating: "word ", count: 30) }.joined(separator: "\n")
        source.loan("Notebook", due: 1, note: note)
        var app = TUIApp(source: source, width: 80, height: 24)
        app.press(.enter)
        #expect(app.text.contains("Line 1 word"))
        for _ in 0..<500 { app.press(.down) }
        #expect(app.text.contains("Line 40 word") && !app.text.contains("Line 1 word"))
        for _ in 0..<500 { app.press(.character("k")) }
        #expect(app.text.contains("Title        Notebook"))
        app.handle(.resize(width: 40, height: 8))
        #expect(app.screen.lines.count == 8)
    }

    @Test func escapeClearsTheFilterBeforeQuitting() {
        var app = TUIApp(source: MemorySource.demo(), width: 80, height: 24)
        app.press(.character("/"))
        app.type("drill")
        #expect(app.screen.cursor == CursorPosition(row: 22, column: 15))
        app.press(.enter)
        #expect(app.screen.cursor == nil)
        #expect(app.frame.visibleIDs == [LoanID(2)])
        app.press(.escape)
        #expect(!app.isFinished)
        #expect(app.frame.visibleIDs.count == 5)
        app.press(.escape)
        #expect(app.isFinished)
    }
}

/// Undo, redo and reopen from the keyboard, with the command line's messages.
@Suite struct UndoFlowTests {
    @Test func uUndoesAndCtrlRRedoesWithTheCommandLinesMessage() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 100, height: 24)
        app.press(.character("r"), .enter)
        #expect(try source.store.loan(LoanID(1))?.returnedOn == .on("2026-11-29"))
        #expect(app.browser.selected?.id == LoanID(2))
        app.press(.character("u"))
        #expect(try source.store.loan(LoanID(1))?.returnedOn == nil)
        #expect(app.text.contains("Undid: returned #1 The Hobbit — it is open again"))
        #expect(app.browser.selected?.id == LoanID(1))
        app.press(.control("r"))
        #expect(try source.store.loan(LoanID(1))?.returnedOn == .on("2026-11-29"))
        #expect(app.text.contains("Redid: returned #1 The Hobbit — it is returned again"))
        app.press(.control("r"))
        #expect(app.text.contains("nothing to redo"))
        #expect(app.frame.hints.contains(KeyHint("u", "undo")) && app.frame.hints.contains(KeyHint("^R", "redo")))
    }

    /// What the last action did stays until the next key, whatever that key does — an arrow, a
    /// key that does nothing here, the key that opens a screen — and in each screen.
    @Test func theStatusMessageClearsOnTheNextKey() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 100, height: 24)
        for next in [Key.down, .character("z"), .character("?"), .tab, .enter, .character("/")] {
            app.press(.character("r"), .enter, .character("u"))
            #expect(app.text.contains("Undid: returned"), "\(next)")
            app.press(next)
            #expect(!app.text.contains("Undid"), "the message stayed after \(next)")
            #expect(app.frame.status.map { if case .message = $0 { true } else { false } } != true, "\(next)")
            app.press(.escape, .escape)
            while app.router.current != .agenda { app.press(.character("q")) }
        }
        app.press(.enter, .character("r"), .enter)
        #expect(app.text.contains("Returned"))
        app.press(.down)
        #expect(!app.text.contains("Returned loan"))
    }

    /// Through the app: Due's default `+7d` is typed over (`fri` gives Friday, not `+7dfri`).
    @Test func typingIntoTheDueDefaultReplacesIt() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 100, height: 24)
        app.press(.character("a"))
        app.type("Dune")
        app.press(.tab, .tab)
        app.type("Library")
        app.press(.tab, .tab)
        // The default shows as selected text: the colour of a selection, not of typed text.
        let screen = app.screen
        let row = try #require((0..<screen.height).first { screen.line($0).contains("[+7d ") })
        let column = try #require(screen.line(row).firstIndex(of: "[")).utf16Offset(in: screen.line(row)) + 1
        #expect(screen.cell(row: row, column: column).style == Style(.accent, bold: true, inverse: true))
        app.type("fri")
        #expect(app.text.contains("[fri ") && app.text.contains("Fri 2026-12-04"), "\(app.text)")
        app.press(.enter)
        #expect(try source.store.loan(LoanID(7))?.dueOn == .on("2026-12-04"))
        app.press(.character("a"), .tab, .tab, .tab, .tab)
        let typed = app.screen
        let typedRow = try #require((0..<typed.height).first { typed.line($0).contains("[+7d ") })
        let typedColumn = try #require(typed.line(typedRow).firstIndex(of: "[")).utf16Offset(in: typed.line(typedRow)) + 1
        app.press(.end)
        #expect(app.screen.cell(row: typedRow, column: typedColumn).style == Style(.plain, inverse: true), "ordinary text once edited")
    }

    @Test func aReturnedLoansDetailOffersReopenInsteadOfReturnAndRenew() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 100, height: 24)
        app.press(.down, .enter)
        #expect(app.frame.hints.map(\.key) == ["e", "r", "n", "x", "u", "^R", "?", "q"])
        app.press(.character("r"), .enter)
        #expect(app.frame.hints.map(\.key) == ["e", "o", "x", "u", "^R", "?", "q"])
        app.press(.character("o"))
        #expect(try source.store.loan(LoanID(2))?.returnedOn == nil)
        #expect(app.text.contains("Reopened loan #2: it is open again, due 2026-11-28."))
        #expect(app.frame.hints.map(\.key) == ["e", "r", "n", "x", "u", "^R", "?", "q"])
        app.press(.character("o"))
        #expect(try source.store.loan(LoanID(2))?.returnedOn == nil)
    }
}

import LoansCore
import LoansText
import Testing

/// Core's refusals worded by each front: the command line's words stay as they were (scripts and
/// docs quote them); the TUI's name no command and no option, for every refusal.
@Suite struct ErrorTextTests {
    static let today = CivilDate(iso: "2026-11-29")!
    static let noon = UTCTimestamp(date: today, hour: 12, minute: 0, second: 0)

    static func change(_ id: Int64, _ kind: ChangeKind, by who: String) -> Change {
        Change(id: ChangeID(id), at: noon, who: who, kind: kind, target: nil, isUndone: false, loanCount: 1)
    }

    static let blocked = BlockedChange(
        isUndo: true, change: change(2, .add, by: "me@here"), subject: .loan(LoanID(2), title: "Tent\u{1B}[31m"),
        blocker: change(3, .returnLoan, by: "bob@desk")
    )

    /// One refusal of every kind Core has.
    static let every: [LoanCommandError] = [
        .notFound(LoanID(3)), .invalid(.empty(.title)), .alreadyReturned(LoanID(1), on: today), .notReturned(LoanID(1)),
        .returnAfterToday(LoanID(1), on: today.adding(days: 1)!, today: today),
        .renewalNotLater(LoanID(1), to: today, due: today), .renewalOutOfRange(LoanID(1), DateOffset(count: 9999, unit: .years)),
        .nothingToUndo, .nothingToRedo, .blocked(blocked),
        .blocked(BlockedChange(isUndo: false, change: change(2, .renew, by: "me@here"), subject: .loan(LoanID(2), title: nil), blocker: nil)),
        .blocked(BlockedChange(isUndo: true, change: change(2, .edit, by: "me@here"), subject: .loan(LoanID(2), title: "Tent"), blocker: change(4, .undo, by: "bob@desk"))),
        .blocked(BlockedChange(isUndo: true, change: change(5, .person, by: "me@here"), subject: .person("Al\u{202E}ice\n"), blocker: change(6, .person, by: "bob@desk"))),
        .everyChangeBlocked(blocked, count: 3),
        .store(StoreError(.unavailable, "database is locked")),
    ]

    /// Whether a message tells a person to type a command line: an option, or `loans` and a command.
    static func namesACommandLine(_ text: String) -> Bool {
        let commands = ["add", "edit", "renew", "return", "reopen", "remove", "import", "undo", "redo", "list", "history", "json", "tui"]
        return text.contains("--") || commands.contains { text.contains("loans \($0)") }
    }

    @Test func theCommandLineSaysWhatItAlwaysSaid() {
        #expect(ErrorText.commandLine(.blocked(ErrorTextTests.blocked)) == "cannot undo change 2 (add of loan 2): change 3 (return by bob@desk at 2026-11-29T12:00:00Z) touched the loan since; nothing was changed (loans undo --skip leaves it and undoes the next one)")
        #expect(ErrorText.commandLine(.returnAfterToday(LoanID(1), on: CivilDate(iso: "2026-12-05")!, today: ErrorTextTests.today))
            == "return date 2026-12-05 is after today (2026-11-29); a loan comes back today or earlier (loans return 1 --on 2026-11-29)")
        #expect(ErrorText.commandLine(.renewalNotLater(LoanID(4), to: CivilDate(iso: "2026-11-20")!, due: CivilDate(iso: "2026-11-28")!))
            == "a renewal moves the due date later, and 2026-11-20 is not after 2026-11-28, the current due date of loan 4 (to correct a wrong due date: loans edit 4 --due 2026-11-20)")
        #expect(ErrorText.commandLine(.everyChangeBlocked(ErrorTextTests.blocked, count: 1)) == "nothing to undo: your one change not undone yet, change 2 (add of loan 2), is blocked because change 3 (return by bob@desk at 2026-11-29T12:00:00Z) touched the loan since; nothing was changed")
        #expect(ErrorText.commandLine(.everyChangeBlocked(ErrorTextTests.blocked, count: 3)) == "nothing to undo: your 3 changes not undone yet are all blocked; the newest, change 2 (add of loan 2), because change 3 (return by bob@desk at 2026-11-29T12:00:00Z) touched the loan since; nothing was changed")
        var outcome = ImportOutcome()
        outcome.conflicts = [LoanID(1), LoanID(5)]
        outcome.conflictCount = 30
        #expect(ErrorText.commandLine(ImportConflictError(outcome: outcome))
            == "30 loans' ids are taken by different loans (ids 1, 5, …); nothing was imported (--replace lets the document win, --renumber gives new ids)")
    }

    /// The TUI names the blocking change — its number, who, what, when on the local clock — and
    /// what can be done there, with the title made safe for the terminal.
    @Test func theTUINamesTheBlockingChangeAndItsKeys() {
        let local = { (instant: UTCTimestamp) in WallTime(date: instant.date, hour: instant.hour + 1, minute: instant.minute) }
        #expect(ErrorText.tui(.blocked(ErrorTextTests.blocked), wallTime: local) == "cannot undo change 2 (add of #2 Tent [31m): bob@desk returned the loan since (change 3 at 2026-11-29 13:00); nothing was changed — change the loan by hand instead (e edit, o reopen, x remove)")
    }

    @Test(arguments: ErrorTextTests.every)
    func theTUINamesNoCommandLine(_ error: LoanCommandError) {
        let text = ErrorText.tui(error)
        #expect(!ErrorTextTests.namesACommandLine(text), "\(text)")
    }

    /// Core's own words (a rule, a date) are the same in every front: they name no command either.
    @Test func coreWordsNoFront() {
        let violations: [LoanRuleViolation] = [
            .empty(.title), .tooLong(.note, limit: 10), .nulCharacter(.counterparty),
            .dueBeforeLent(lentOn: ErrorTextTests.today, dueOn: ErrorTextTests.today),
            .returnedBeforeLent(lentOn: ErrorTextTests.today, returnedOn: ErrorTextTests.today),
        ]
        let dates: [DateInputError] = [.notADate("x", accepted: .all), .notADate("x", accepted: .calendarDate), .noSuchDay("x"), .outOfRange("x")]
        for text in violations.map(\.description) + dates.map(\.description) {
            #expect(!ErrorTextTests.namesACommandLine(text), "\(text)")
        }
    }
}

import LoansCore
import LoansTestSupport
import LoansTUI
import Testing

/// The TUI words Core's refusals for a person at the TUI: what happened and what they can do
/// there, never a command line to run.
@Suite struct ErrorWordingTests {
    /// The status line's message, whole (the screen may cut it).
    func message(_ app: TUIApp) -> String? {
        guard case .message(let text, _)? = app.frame.status else { return nil }
        return text
    }

    /// Words of the command line that a TUI message must never contain.
    static func namesACommandLine(_ text: String) -> Bool {
        text.contains("--") || text.contains("loans undo") || text.contains("loans edit") || text.contains("loans return")
    }

    /// Someone else returned the loan after our add: `u` is refused, and the message names their
    /// change (number, kind, who) and what can be done in the TUI — not `loans undo --skip`.
    @Test func aBlockedUndoNamesTheBlockingChangeAndNoCommandLineFlag() throws {
        let source = MemorySource()
        var app = TUIApp(source: source, width: 100, height: 24)
        app.press(.character("a"))
        app.type("Ladder")
        app.press(.tab, .tab)
        app.type("Kim")
        app.press(.enter)
        source.store.author = "bob@elsewhere"
        _ = try ReturnLoan(store: source.store).run(LoanID(1), on: source.policy.today, today: source.policy.today)
        source.store.author = "tester@test"
        app.handle(.changed)
        app.press(.character("u"))
        let text = try #require(message(app))
        #expect(try source.store.loan(LoanID(1))?.returnedOn == source.policy.today, "nothing was undone")
        #expect(text.contains("change 2") && text.contains("return") && text.contains("bob@elsewhere"), "\(text)")
        #expect(text.contains("Ladder"), "\(text)")
        #expect(!ErrorWordingTests.namesACommandLine(text), "\(text)")
    }

    /// A return date after today reaches the use case; its refusal in the form names no command.
    @Test func aReturnAfterTodaySaysNoCommandLine() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 100, height: 24)
        app.press(.character("r"), .control("u"))
        app.type("tomorrow")
        app.press(.enter)
        guard case .form(let form) = app.frame.body else { throw FormMissing() }
        let failure = try #require(form.failure)
        #expect(failure.hasPrefix("return date 2026-11-30 is after today (2026-11-29)"), "\(failure)")
        #expect(!ErrorWordingTests.namesACommandLine(failure), "\(failure)")
    }

    struct FormMissing: Error {}
}

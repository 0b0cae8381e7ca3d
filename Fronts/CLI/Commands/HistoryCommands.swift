import LoansAdapters
import LoansCore
import LoansText

/// `loans history [ID] [--limit N]`, `loans undo [--skip]`, `loans redo`, `loans reopen ID`:
/// the history and the ways back.
struct HistoryCommands {
    static let historySpec = CommandSpec(
        name: "history", options: ["--limit": .value], positionals: 0...1, usage: "loans history [ID] [--limit N]",
        detail: """
            Lists changes newest first, one line each in local time: every change, or those of loan ID
            (also after it was removed). --limit N shows the newest N (1-1000000).
            """
    )
    static let undoSpec = CommandSpec(
        name: "undo", options: ["--skip": .flag], positionals: 0...0, usage: "loans undo [--skip]",
        detail: """
            Reverts your newest change that is not undone yet (an import whole) and says what it did;
            repeated, it walks further back. It is refused, changing nothing, when someone changed a loan
            of that change since; --skip then leaves that change and undoes the next one.
            """
    )
    static let redoSpec = CommandSpec(
        name: "redo", options: [:], positionals: 0...0, usage: "loans redo",
        detail: "Re-applies the change you undid last, as long as you made no new change since."
    )
    static let reopenSpec = CommandSpec(
        name: "reopen", options: [:], positionals: 1...1, usage: "loans reopen ID",
        detail: "Makes a returned loan open again, without undoing later changes."
    )

    let request: Request

    func history(of loan: LoanID?, limit: Int?) throws {
        let entries = try HistoryQuery(store: request.stores.reader()).entries(of: loan, limit: limit)
        for line in HistoryText.lines(entries, of: loan, author: request.stores.author.name, wallTime: request.today.clock.wallTime) {
            request.console.out.line(line)
        }
    }

    func undo(skippingBlocked: Bool) throws {
        request.console.out.line(UndoText.undid(try UndoChange(store: request.stores.writer()).run(skippingBlocked: skippingBlocked)))
    }

    func redo() throws {
        request.console.out.line(UndoText.redid(try RedoChange(store: request.stores.writer()).run()))
    }

    func reopen(_ id: LoanID) throws {
        let loan = try ReopenLoan(store: request.stores.writer()).run(id)
        request.console.out.line(OutcomeText.reopened(loan))
    }
}

import LoansArguments
import LoansCore
import LoansText

/// `loans history [ID] [--limit N]`: changes newest first, one line each in local time.
struct HistoryCommand: LoansCommand {
    static let loan = Positional("ID", .id, help: "only the changes of this loan (also after it was removed)", optional: true)
    static let limit = Option("--limit", .number(1...1_000_000, unit: "changes"), "N", help: "show the newest N changes")
    static let declaration = CommandDeclaration(
        CommandName.history, abstract: "List changes newest first, one line each in local time.",
        discussion: "Every change, or those of loan ID (also after it was removed). Each line names its change (change 11), as undo and its refusals cite it.",
        positionals: [loan]
    ) {
        limit
    }

    let loan: LoanID?
    let limit: Int?

    init(_ input: CommandInput) {
        loan = input[Self.loan]
        limit = input[Self.limit]
    }

    func run(_ request: Request) throws -> ExitCode {
        let reader = try request.reader()
        let entries = try HistoryQuery(store: reader).entries(of: loan, limit: limit)
        for line in HistoryText.lines(entries, of: loan, author: request.stores.who(reading: reader), wallTime: request.today.clock.wallTime) {
            request.console.out.line(line)
        }
        return .success
    }
}

/// `loans undo [--skip]`: reverts your newest change that is not undone yet.
struct UndoCommand: LoansCommand {
    static let skip = Flag(
        "--skip", help: "when someone else changed a loan of your newest change since, leave that change and undo the next one"
    )
    static let declaration = CommandDeclaration(
        CommandName.undo, abstract: "Revert your newest change that is not undone yet and say what it did.",
        discussion: """
            An import is undone whole; repeated, undo walks further back. It is refused, changing nothing, when someone changed a loan of that change since; --skip then leaves that change and undoes the next one.
            """
    ) {
        skip
    }

    let skippingBlocked: Bool

    init(_ input: CommandInput) {
        skippingBlocked = input[Self.skip]
    }

    func run(_ request: Request) throws -> ExitCode {
        request.console.out.line(UndoText.undid(try request.stores.writing { try UndoChange(store: $0).run(skippingBlocked: skippingBlocked) }))
        return .success
    }
}

/// `loans redo`: re-applies the change you undid last.
struct RedoCommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.redo, abstract: "Re-apply the change you undid last, as long as you made no new change since."
    )

    init(_ input: CommandInput) {}

    func run(_ request: Request) throws -> ExitCode {
        request.console.out.line(UndoText.redid(try request.stores.writing { try RedoChange(store: $0).run() }))
        return .success
    }
}

/// `loans reopen ID`: a returned loan open again, without undoing later changes.
struct ReopenCommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.reopen, abstract: "Make a returned loan open again, without undoing later changes.", positionals: [LoanOptions.returnedID]
    )

    let id: LoanID

    init(_ input: CommandInput) throws(CLIError) {
        id = try LoanOptions.id(input, LoanOptions.returnedID)
    }

    func run(_ request: Request) throws -> ExitCode {
        request.console.out.line(OutcomeText.reopened(try request.stores.writing { try ReopenLoan(store: $0).run(id) }))
        return .success
    }
}

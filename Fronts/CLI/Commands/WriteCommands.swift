import LoansArguments
import LoansCore
import LoansText

/// `loans add TITLE (--to NAME | --from NAME) --due DATE …`: prints the new loan's id.
struct AddCommand: LoansCommand {
    static let title = Positional("TITLE", .text, help: "what was lent or borrowed")
    static let declaration = CommandDeclaration(
        CommandName.add, abstract: "Add a loan and print its id.",
        discussion: "--to NAME: you lent it to NAME; --from NAME: you borrowed it from NAME. Without --lent, the loan counts from today (or from the due date, when that is earlier).",
        positionals: [title],
        rules: [
            .oneOf(required: true, missing: "say who has it: --to NAME (lent) or --from NAME (borrowed)") { LoanOptions.to; LoanOptions.from },
            .required(LoanOptions.due),
        ]
    ) {
        LoanOptions.to
        LoanOptions.from
        LoanOptions.due
        LoanOptions.lent
        LoanOptions.note
    }

    let draft: LoanDraft

    init(_ input: CommandInput) throws(CLIError) {
        let title = try LoanOptions.name(input, input[Self.title] ?? "", .title, Self.title.declaration.name)
        guard let (direction, counterparty) = try LoanOptions.party(input), let due = input[LoanOptions.due] else {
            throw input.refusal("say who has it and when it is due: --to NAME or --from NAME, and --due DATE")
        }
        let lent = input[LoanOptions.lent] ?? AddLoan.defaultLentOn(today: input.today, dueOn: due)
        try input.checked(nil) { try LoanRules.dates(lentOn: lent, dueOn: due, returnedOn: nil) }
        draft = LoanDraft(
            title: title, direction: direction, counterparty: counterparty, lentOn: lent, dueOn: due,
            note: try LoanOptions.note(input)
        )
    }

    func run(_ request: Request) throws -> ExitCode {
        request.console.out.line(String(try request.stores.writing { try AddLoan(store: $0).run(draft) }.rawValue))
        return .success
    }
}

/// `loans edit ID …`: corrects fields; a due date changed here is not a renewal.
struct EditCommand: LoansCommand {
    static let title = Option("--title", .text, "T", help: "the new title")
    static let changes = OptionList.of { title; LoanOptions.to; LoanOptions.from; LoanOptions.due; LoanOptions.lent; LoanOptions.note }
    static let declaration = CommandDeclaration(
        CommandName.edit, abstract: "Correct fields of a loan.",
        discussion: "A due date changed here is not a renewal (use renew for that). --note \"\" clears the note.",
        positionals: [LoanOptions.id],
        rules: [
            .oneOf(required: false) { LoanOptions.to; LoanOptions.from },
            .anyOf(changes, missing: "'edit' needs something to change: " + ArgumentWords.list(changes.map(\.name), or: true)),
        ]
    ) {
        changes
    }

    let id: LoanID
    let edit: LoanEdit

    init(_ input: CommandInput) throws(CLIError) {
        id = try LoanOptions.id(input)
        var edit = LoanEdit()
        if let title = input[Self.title] { edit.title = try LoanOptions.name(input, title, .title, Self.title.name) }
        if let (direction, counterparty) = try LoanOptions.party(input) {
            edit.direction = direction
            edit.counterparty = counterparty
        }
        edit.dueOn = input[LoanOptions.due]
        edit.lentOn = input[LoanOptions.lent]
        if input[LoanOptions.note] != nil { edit.note = try LoanOptions.note(input) ?? "" }
        self.edit = edit
    }

    func run(_ request: Request) throws -> ExitCode {
        let outcome = try request.stores.writing { try EditLoan(store: $0).run(id, edit) }
        request.console.out.line(OutcomeText.edited(outcome))
        return .success
    }
}

/// `loans renew ID (--due DATE | --by +N[dwmy])`.
struct RenewCommand: LoansCommand {
    static let due = Option("--due", .date(.all), "DATE", help: "the new due date")
    static let by = Option("--by", .offset, "+N[dwmy]", help: "move the due date N days (or weeks, months, years) later")
    static let declaration = CommandDeclaration(
        CommandName.renew, abstract: "Move a loan's due date later and count the renewal.",
        discussion: "--due DATE sets the new date; --by +N[dwmy] counts from the current due date. The earlier due date is kept.",
        positionals: [LoanOptions.id],
        rules: [.oneOf(required: true) { due; by }]
    ) {
        due
        by
    }

    let id: LoanID
    let target: RenewalTarget

    init(_ input: CommandInput) throws(CLIError) {
        id = try LoanOptions.id(input)
        if let date = input[Self.due] {
            target = .date(date)
        } else if let offset = input[Self.by] {
            target = .offset(offset)
        } else {
            throw input.refusal("'renew' needs --due DATE or --by +N[dwmy]")
        }
    }

    func run(_ request: Request) throws -> ExitCode {
        let loan = try request.stores.writing { try RenewLoan(store: $0).run(id, to: target) }
        request.console.out.line(OutcomeText.renewed(loan))
        return .success
    }
}

/// `loans return ID [--on DATE]`.
struct ReturnCommand: LoansCommand {
    static let on = Option("--on", .date(.all), "DATE", help: "the day it came back (default today)")
    static let declaration = CommandDeclaration(
        CommandName.returnLoan, abstract: "Mark a loan returned.", positionals: [LoanOptions.id]
    ) {
        on
    }

    let id: LoanID
    let date: CivilDate

    init(_ input: CommandInput) throws(CLIError) {
        id = try LoanOptions.id(input)
        date = input[Self.on] ?? input.today
    }

    func run(_ request: Request) throws -> ExitCode {
        let loan = try request.stores.writing { try ReturnLoan(store: $0).run(id, on: date, today: request.policy.today) }
        request.console.out.line(OutcomeText.returned(loan, on: date))
        return .success
    }
}

/// `loans remove ID`.
struct RemoveCommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.remove, aliases: ["rm"], abstract: "Delete a loan for good.", positionals: [LoanOptions.id]
    )

    let id: LoanID

    init(_ input: CommandInput) throws(CLIError) {
        id = try LoanOptions.id(input)
    }

    func run(_ request: Request) throws -> ExitCode {
        _ = try request.stores.writing { try RemoveLoan(store: $0).run(id) }
        request.console.out.line(OutcomeText.removed(id))
        return .success
    }
}

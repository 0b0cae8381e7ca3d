import LoansArguments
import LoansCore
import LoansText

/// `--dates`: the agenda's text with each loan's due date.
private let datesOption = Flag("--dates", help: "show each loan's due date")

/// `loans agenda` (and `loans` alone when not on a terminal): overdue, then due soon.
struct AgendaCommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.agenda, abstract: "Show overdue loans, then loans due soon."
    ) {
        datesOption
    }

    let dates: Bool

    init(_ input: CommandInput) {
        dates = input[datesOption]
    }

    /// `loans` alone, not on a terminal.
    init() {
        dates = false
    }

    func run(_ request: Request) throws -> ExitCode {
        var view = request.textTable
        try TextPresenter(policy: request.policy).agenda(AgendaQuery(store: request.reader()), dates: dates, to: &view)
        return .success
    }
}

/// `loans overdue`.
struct OverdueCommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.overdue, abstract: "Show open loans whose due date has passed, earliest first."
    ) {
        datesOption
    }

    let dates: Bool

    init(_ input: CommandInput) {
        dates = input[datesOption]
    }

    func run(_ request: Request) throws -> ExitCode {
        var view = request.textTable
        try TextPresenter(policy: request.policy).overdue(AgendaQuery(store: request.reader()), dates: dates, to: &view)
        return .success
    }
}

/// `loans due-soon`.
struct DueSoonCommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.dueSoon, abstract: "Show open loans due today through the window's last day, soonest first."
    ) {
        datesOption
    }

    let dates: Bool

    init(_ input: CommandInput) {
        dates = input[datesOption]
    }

    func run(_ request: Request) throws -> ExitCode {
        var view = request.textTable
        try TextPresenter(policy: request.policy).dueSoon(AgendaQuery(store: request.reader()), dates: dates, to: &view)
        return .success
    }
}

/// `loans list`: loans by id, narrowed by state, direction, person and text.
struct ListCommand: LoansCommand {
    static let open = Flag("--open", help: "open loans (the default)")
    static let returned = Flag("--returned", help: "returned loans")
    static let all = Flag("--all", help: "every loan")
    static let lent = Flag("--lent", help: "only things you lent")
    static let borrowed = Flag("--borrowed", help: "only things you borrowed")
    static let person = Option("--person", .name, "NAME", help: "only loans with NAME (the whole name, any letter case)")
    static let search = Option(
        "--search", .text, "TEXT", help: "only loans whose title, person or note contains TEXT (any letter case)"
    )
    static let declaration = CommandDeclaration(
        CommandName.list, aliases: ["ls"], abstract: "List loans by id, with their due dates.",
        discussion: "Open loans by default; --returned or --all for the others. The filters combine: every one given must hold.",
        rules: [.oneOf(required: false) { open; returned; all }, .oneOf(required: false) { lent; borrowed }]
    ) {
        open
        returned
        all
        lent
        borrowed
        person
        search
    }

    let selection: LoanSelection
    let filter: LoanFilter

    init(_ input: CommandInput) {
        selection = input[Self.returned] ? .returned : input[Self.all] ? .all : .open
        filter = LoanFilter(
            person: input[Self.person],
            direction: input[Self.lent] ? .lent : input[Self.borrowed] ? .borrowed : nil,
            search: input[Self.search]
        )
    }

    func run(_ request: Request) throws -> ExitCode {
        var view = request.textTable
        let note = try TextPresenter(policy: request.policy).list(
            LoanLookup(store: request.reader()), selection, matching: filter, to: &view
        )
        if let note { request.console.err.line("loans: " + note) }
        return .success
    }
}

/// `loans show ID`.
struct ShowCommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.show, abstract: "Show every field of one loan, its note and renewal history included.",
        positionals: [LoanOptions.id]
    )

    let id: LoanID

    init(_ input: CommandInput) throws(CLIError) {
        id = try LoanOptions.id(input)
    }

    func run(_ request: Request) throws -> ExitCode {
        let loan = try LoanLookup(store: request.reader()).show(id, request.policy)
        for line in LoanDetailText.lines(loan, colour: request.colours) { request.console.out.line(line) }
        return .success
    }
}

import LoansArguments

/// A command of the command line, shaped like a `ParsableCommand`: its declaration (which
/// drives parsing, help, the man page and the completions), an `init` that turns the checked
/// words into what the command needs (before any store is opened), and `run`.
protocol LoansCommand {
    static var declaration: CommandDeclaration { get }
    init(_ input: CommandInput) throws(CLIError)
    func run(_ request: Request) throws -> ExitCode
    /// Whether `run` hands the process over to another program that starts again with the same
    /// words (serve's companion for TLS), which then says for itself what a run says first.
    var handsRunOver: Bool { get }
}

extension LoansCommand {
    var handsRunOver: Bool { false }
}

/// Every command loans knows, by the name typed, in the order help lists them. To add a command,
/// write its type (declaration, `init`, `run`) and add one case here: the compiler then asks
/// for it in `type`, and parsing, help, the man page and the completions pick it up from the
/// declaration. (A command's name is its case's raw value, so finding the command typed reads
/// no declaration but that one.)
enum CommandName: String, CaseIterable, CommandNames {
    static let program = "loans"

    case add, list, show, edit, renew
    case returnLoan = "return"
    case reopen, remove
    case person, people
    case agenda, overdue
    case dueSoon = "due-soon"
    case history, undo, redo
    case remind, calendar
    case widget, json, serve, account
    case share
    case importDocument = "import"
    case tui, config, completions, help
    case complete = "__complete"

    var type: any LoansCommand.Type {
        switch self {
        case .add: AddCommand.self
        case .list: ListCommand.self
        case .show: ShowCommand.self
        case .edit: EditCommand.self
        case .renew: RenewCommand.self
        case .returnLoan: ReturnCommand.self
        case .reopen: ReopenCommand.self
        case .remove: RemoveCommand.self
        case .person: PersonCommand.self
        case .people: PeopleCommand.self
        case .agenda: AgendaCommand.self
        case .overdue: OverdueCommand.self
        case .dueSoon: DueSoonCommand.self
        case .history: HistoryCommand.self
        case .undo: UndoCommand.self
        case .redo: RedoCommand.self
        case .remind: RemindCommand.self
        case .calendar: CalendarCommand.self
        case .widget: WidgetCommand.self
        case .json: JSONCommand.self
        case .serve: ServeCommand.self
        case .account: AccountCommand.self
        case .share: ShareCommand.self
        case .importDocument: ImportCommand.self
        case .tui: TUICommand.self
        case .config: ConfigCommand.self
        case .completions: CompletionsCommand.self
        case .help: HelpCommand.self
        case .complete: CompleteCommand.self
        }
    }

    var declaration: CommandDeclaration { type.declaration }

    /// The command answering to `word` (its name or an alias). The names are compared one by
    /// one: `init(rawValue:)` over this many cases builds a string table the first time, which
    /// costs a status bar's run more than all of its parsing.
    static func named(_ word: String) -> CommandName? {
        allCases.first { $0.rawValue == word } ?? allCases.first { $0.declaration.aliases.contains(word) }
    }

    /// The declarations shown in help, the man page and the completions.
    static var visible: [CommandDeclaration] {
        allCases.map(\.declaration).filter { !$0.hidden }
    }
}

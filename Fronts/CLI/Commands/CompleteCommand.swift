import LoansArguments
import LoansCore
import LoansText

/// `loans __complete ids|returned|names [SHELL]`, hidden: what the completion scripts ask for while the
/// user types. It reads like the widget (read-only, never creating a file) and a failure prints
/// nothing at all (`LoansCommandLine` keeps stderr quiet for it), so typing never shows an error.
struct CompleteCommand: LoansCommand {
    /// The most ids offered: the most urgent open loans, or the loans returned last.
    static let idLimit = 200

    static let what = Positional<CompletionCandidates>("WHAT", .choice(noun: "candidate list"), help: "what to list")
    static let shell = Positional<Shell>("SHELL", .choice(noun: "shell"), help: "the shell, for its escaping", optional: true)
    static let declaration = CommandDeclaration(
        CommandName.complete, abstract: "List completion candidates.", positionals: [what, shell], hidden: true
    )

    let what: CompletionCandidates
    let shell: Shell

    init(_ input: CommandInput) {
        what = input[Self.what] ?? .ids
        shell = input[Self.shell] ?? .bash
    }

    func run(_ request: Request) throws -> ExitCode {
        guard !request.settings.location.isDemo else { return .failure }
        let reader = try request.stores.reader()
        switch what {
        case .names:
            for name in try PeopleQuery(store: reader).names(scanning: PeopleQuery.nameScan) {
                request.console.out.line(SafeText.sanitized(name))
            }
        case .ids:
            for item in try AgendaQuery(store: reader).mostUrgent(request.policy, limit: CompleteCommand.idLimit) {
                request.console.out.line(CompleteCommand.candidate(item.id, title: item.loan.title, shell: shell))
            }
        case .returned:
            try ReturnedQuery(store: reader).page(beyond: nil, newestFirst: true, limit: CompleteCommand.idLimit) { loan in
                request.console.out.line(CompleteCommand.candidate(loan.id, title: loan.title, shell: shell))
            }
        }
        return .success
    }

    /// One id as the shell reads it: bare for bash, `id:title` for zsh (`:` and `\` escaped),
    /// `id<TAB>title` for fish (tabs and line breaks in titles are already spaces).
    static func candidate(_ id: LoanID, title: String, shell: Shell) -> String {
        let title = SafeText.sanitized(title)
        switch shell {
        case .bash: return "\(id)"
        case .zsh: return "\(id):" + ZshCompletionScript.describeEscaped(title)
        case .fish: return "\(id)\t" + title
        }
    }
}

import LoansArguments

/// What a shell offers for a value, decided by the value's kind: the same for every shell.
enum CompletionAction: Equatable {
    /// Nothing to offer (free text, a date, a number).
    case none
    case files
    /// Loans' ids (`loans __complete ids`, or `returned` for the loans returned last), with titles
    /// where the shell shows them.
    case ids(LoanIDs)
    /// The counterparties already used (`loans __complete names`).
    case names
    case words([String])
    /// The names of the commands.
    case commands

    init(_ kind: ValueKind) {
        switch kind {
        case .flag, .text, .date, .offset, .number, .days: self = .none
        case .name: self = .names
        case .id(let loans): self = .ids(loans)
        case .path, .program: self = .files
        case .choice(let values, _): self = .words(values)
        case .command: self = .commands
        }
    }

    /// Every name a command answers to, as the shells offer them.
    static var commandNames: [String] { CommandName.visible.flatMap(\.names) }
}

/// The declarations as the completion scripts need them.
enum CompletionModel {
    /// The options of `command` followed by the global ones.
    static func options(_ command: CommandDeclaration?) -> [OptionDeclaration] {
        (command?.options ?? []) + GlobalOptions.all
    }

    /// The options that cannot be given together with `option` in `command` (its group), or among
    /// the global options when `command` is nil.
    static func exclusions(_ option: OptionDeclaration, in command: CommandDeclaration?) -> [OptionDeclaration] {
        OptionRule.group(of: option, in: command?.rules ?? GlobalOptions.rules)?.options.filter { $0 != option } ?? []
    }
}

/// The shells loans writes completions for.
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

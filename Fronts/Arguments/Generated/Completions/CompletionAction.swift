/// What a shell offers for a value, decided by the value's kind: the same for every shell.
enum CompletionAction: Equatable {
    /// Nothing to offer (free text, a date, a number).
    case none
    case files
    /// Loans' ids (the completer's `ids`, or `returned` for the loans returned last), with titles
    /// where the shell shows them.
    case ids(LoanIDs)
    /// The counterparties already used (the completer's `names`).
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
}

/// What the completion scripts ask the program's completer for while the user types: open
/// loans' ids, returned loans' ids, or the names known (`loans __complete ids|returned|names SHELL`).
package enum CompletionCandidates: String, CaseIterable, Sendable {
    case ids, returned, names

    /// The list that offers these loans.
    package init(_ loans: LoanIDs) {
        switch loans {
        case .open: self = .ids
        case .returned: self = .returned
        }
    }
}

/// The shells a program writes completions for.
package enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

extension ProgramDescription {
    /// The completion script for `shell`.
    package func completionScript(for shell: Shell) -> String {
        switch shell {
        case .bash: BashCompletionScript(self).render()
        case .zsh: ZshCompletionScript(self).render()
        case .fish: FishCompletionScript(self).render()
        }
    }

    /// The options of `command` followed by the global ones.
    func options(of command: CommandDeclaration) -> [OptionDeclaration] {
        command.options + globalOptions
    }

    /// The options that cannot be given together with `option` in `command` (its group), or among
    /// the global options when `command` is nil.
    func exclusions(_ option: OptionDeclaration, in command: CommandDeclaration?) -> [OptionDeclaration] {
        OptionRule.group(of: option, in: command?.rules ?? globalRules)?.options.filter { $0 != option } ?? []
    }
}

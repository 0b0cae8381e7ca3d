import LoansArguments
import LoansCore

/// `loans help [COMMAND] [--man]`: help for loans or one command, or the man page.
struct HelpCommand: LoansCommand {
    static let topic = Positional("COMMAND", .command, help: "the command to explain", optional: true)
    static let man = Flag("--man", help: "print the man page loans(1) in roff instead")
    static let declaration = CommandDeclaration(
        CommandName.help, abstract: "Show help for loans or for one command.",
        discussion: "Also 'loans COMMAND --help'. With --man, the manual page (read it with: loans help --man | man -l -).",
        positionals: [topic], standalone: true
    ) {
        man
    }

    /// The date of this version, as CHANGELOG.md gives it: the man page's `.TH` date.
    static let manDate = "2026-12-03"

    let topic: CommandDeclaration?
    let man: Bool

    init(_ input: CommandInput) throws(CLIError) {
        man = input[Self.man]
        guard let name = input[Self.topic] else {
            topic = nil
            return
        }
        guard let command = CommandName.named(name), !command.declaration.hidden else {
            let hint = Suggestion.nearest(to: name, among: ProgramDescription.loans.commandNames).map { "; did you mean \(Quoted($0))?" } ?? ""
            throw input.refusal("no help for \(Quoted(name)): it is not a command\(hint)")
        }
        topic = command.declaration
    }

    func run(_ request: Request) throws -> ExitCode {
        if man {
            request.console.out.write(ManPage(.loans).render(version: LoansCommandLine.version, date: HelpCommand.manDate))
        } else {
            request.console.out.line(topic.map(HelpText(.loans).command) ?? HelpText(.loans).overview())
        }
        return .success
    }
}

/// `loans completions bash|zsh|fish`: the completion script for a shell.
struct CompletionsCommand: LoansCommand {
    static let shell = Positional<Shell>("SHELL", .choice(noun: "shell"), help: "the shell")
    static let declaration = CommandDeclaration(
        CommandName.completions, abstract: "Print the completion script for bash, zsh or fish.",
        discussion: """
            Commands, options, --format values, loan ids (with titles in zsh and fish) and the names already used complete. ci/install puts the scripts where each shell finds them; by hand: loans completions bash > ~/.local/share/bash-completion/completions/loans, loans completions zsh > a folder on $fpath named _loans, loans completions fish > ~/.config/fish/completions/loans.fish.
            """,
        positionals: [shell], standalone: true
    )

    let shell: Shell

    init(_ input: CommandInput) {
        shell = input[Self.shell] ?? .bash
    }

    func run(_ request: Request) throws -> ExitCode {
        request.console.out.write(ProgramDescription.loans.completionScript(for: shell))
        return .success
    }
}

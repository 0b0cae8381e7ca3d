import LoansArguments
import LoansCore
import LoansSystem
import LoansTUI

/// `loans tui`, and `loans` alone on a terminal: the full-screen TUI over the
/// request's stores. A terminal that cannot show a full screen (`TERM=dumb`, a `TERM` with no
/// description) gets the agenda as text and a one-line note on stderr.
struct TUICommand: LoansCommand {
    static let declaration = CommandDeclaration(
        CommandName.tui, abstract: "Open the full-screen terminal UI (also 'loans' alone on a terminal)."
    )

    /// Whether standard input and output are both a terminal.
    static var terminalAttached: Bool { FileDescriptor.standardInput.isTerminal && FileDescriptor.standardOutput.isTerminal }

    init(_ input: CommandInput) {}

    /// `loans` alone on a terminal.
    init() {}

    func run(_ request: Request) throws -> ExitCode {
        let session = LiveSession(request: request)
        guard TUICommand.terminalAttached else {
            throw CLIError(code: .failure, message: "tui: standard input and output must be a terminal")
        }
        guard TUIRunner.terminalIsDrivable else {
            let term = request.environment.text("TERM")
            request.console.err.line(
                "loans: TERM=\(term.map { Quoted($0).description } ?? "(unset)") cannot show the full screen; here is the agenda as text"
            )
            request.console.err.flush()
            return try AgendaCommand().run(request)
        }
        request.console.out.flush()
        let colours = request.settings.colour.colours(terminal: true, term: request.environment.text("TERM"))
        try TUIRunner.run(
            today: request.today, stores: session, changes: session, colours: colours, demo: request.settings.location.isDemo
        )
        return .success
    }
}

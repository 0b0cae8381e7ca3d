import Glibc
import LoansCore
import LoansTUI

/// `loans tui`, and `loans` alone on a terminal: the full-screen TUI over the
/// request's stores. `LOANS_TUI_BENCH=N` runs the benchmark instead (no terminal needed), typing
/// `LOANS_TUI_BENCH_FILTER` N times when it is set. A terminal that cannot show a full screen
/// (`TERM=dumb`, a `TERM` with no description) gets the agenda as text and a one-line note on
/// stderr.
struct TUICommand: LoansCommand {
    static let declaration = CommandDeclaration(
        .tui, abstract: "Open the full-screen terminal UI (also 'loans' alone on a terminal)."
    )

    /// Whether standard input and output are both a terminal.
    static var terminalAttached: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    init(_ input: CommandInput) {}

    /// `loans` alone on a terminal.
    init() {}

    func run(_ request: Request) throws -> ExitCode {
        let session = LiveSession(request: request)
        if let text = request.environment.textOrEmpty("LOANS_TUI_BENCH") {
            guard text.utf8.count <= 7, let keys = Int(text), (0...1_000_000).contains(keys) else {
                throw CLIError.usage("LOANS_TUI_BENCH: \(Quoted(text)) is not a number of keys (0-1000000)", nil)
            }
            let filter = request.environment.textOrEmpty("LOANS_TUI_BENCH_FILTER")
            if let filter, filter.isEmpty || filter.unicodeScalars.count > 100 || filter.unicodeScalars.contains(where: \.isTerminalControl) {
                throw CLIError.usage("LOANS_TUI_BENCH_FILTER: \(Quoted(filter)) is not a filter text (1-100 characters, no control characters)", nil)
            }
            for line in TUIBenchmark.run(today: request.today, stores: session, keys: keys, filter: filter) {
                request.console.out.line(line)
            }
            return .success
        }
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
        let colors = request.settings.colour.colours(terminal: true, term: request.environment.text("TERM"))
        try TUIRunner.run(
            today: request.today, stores: session, changes: session, colors: colors, demo: request.settings.source == .demo
        )
        return .success
    }
}

import Glibc
import LoansCore
import LoansTUI

/// `loans tui`, and `loans` alone on a terminal: the full-screen TUI over the
/// request's stores. `LOANS_TUI_BENCH=N` runs the benchmark instead (no terminal needed), typing
/// `LOANS_TUI_BENCH_FILTER` N times when it is set. A terminal that cannot show a full screen
/// (`TERM=dumb`, a `TERM` with no description) gets the agenda as text and a one-line note on
/// stderr.
struct TUICommand {
    static let spec = CommandSpec(
        name: "tui", options: [:], positionals: 0...0, usage: "loans tui", detail: "The full-screen terminal UI."
    )

    /// Whether standard input and output are both a terminal.
    static var terminalAttached: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    let request: Request

    func run() throws -> ExitCode {
        let session = LiveSession(request: request)
        if let text = request.environment["LOANS_TUI_BENCH"] {
            guard text.utf8.count <= 7, let keys = Int(text), (0...1_000_000).contains(keys) else {
                throw CLIError.usage("LOANS_TUI_BENCH: \(Quoted(text)) is not a number of keys (0-1000000)", nil)
            }
            let filter = request.environment["LOANS_TUI_BENCH_FILTER"]
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
            let term = request.environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
            request.console.err.line(
                "loans: TERM=\(term.map { Quoted($0).description } ?? "(unset)") cannot show the full screen; here is the agenda as text"
            )
            request.console.err.flush()
            try ReadCommands(request: request).agenda()
            return .success
        }
        request.console.out.flush()
        let colors = request.environment["NO_COLOR"].map(\.isEmpty) ?? true
        try TUIRunner.run(
            today: request.today, stores: session, changes: session, colors: colors, demo: request.settings.source == .demo
        )
        return .success
    }
}

import Glibc
import LoansCore

/// `loans tui`, and `loans` alone on a terminal (CONTRACT §6). Placeholder until the TUI lands.
struct TUICommand {
    static let spec = CommandSpec(
        name: "tui", options: [:], positionals: 0...0, usage: "loans tui", detail: "The full-screen terminal UI."
    )

    /// Whether standard input and output are both a terminal.
    static var terminalAttached: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    let request: Request

    func run() throws -> ExitCode {
        throw CLIError(code: .failure, message: "tui: not built yet")
    }
}

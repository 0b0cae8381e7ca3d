import LoansCore

/// `loans widget`: the status-bar line (CONTRACT §5). Placeholder until the widget front lands.
struct WidgetCommand {
    static let spec = CommandSpec(
        name: "widget",
        options: ["--format": .value, "--max-width": .value, "--empty": .value, "--watch": .flag, "--pango": .flag],
        positionals: 0...0,
        usage: "loans widget [--format F] [--max-width N] [--empty TEXT] [--watch] [--pango]",
        detail: "One line for a status bar."
    )

    struct Options: Equatable {}

    static func options(_ raw: RawInvocation) throws(CLIError) -> Options { Options() }

    let request: Request

    func run(_ options: Options) throws -> ExitCode {
        throw CLIError(code: .failure, message: "widget: not built yet")
    }
}

import LoansCore

/// `loans json`. Placeholder until the JSON front lands.
struct JSONCommand {
    static let spec = CommandSpec(
        name: "json", options: ["--ndjson": .flag], positionals: 0...1,
        usage: "loans json [agenda | overdue | due-soon | all] [--ndjson]", detail: "The answer as JSON."
    )

    struct Options: Equatable {}

    static func options(_ raw: RawInvocation) throws(CLIError) -> Options { Options() }

    let request: Request

    func run(_ options: Options) throws -> ExitCode {
        throw CLIError(code: .failure, message: "json: not built yet")
    }
}

/// `loans import`. Placeholder until the JSON front lands.
struct ImportCommand {
    static let spec = CommandSpec(
        name: "import", options: [:], positionals: 1...1, usage: "loans import FILE|-", detail: "Imports a document."
    )

    let request: Request

    func run(_ path: String) throws -> ExitCode {
        throw CLIError(code: .failure, message: "import: not built yet")
    }
}

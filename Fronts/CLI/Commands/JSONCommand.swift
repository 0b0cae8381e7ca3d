import LoansCore
import LoansJSON

/// `loans json [agenda | overdue | due-soon | all] [--ndjson]`.
struct JSONCommand {
    static let spec = CommandSpec(
        name: "json", options: ["--ndjson": .flag], positionals: 0...1,
        usage: "loans json [agenda | overdue | due-soon | all] [--ndjson]",
        detail: """
            Prints the answer as one JSON document for jq (schema: Docs/JSON.md): the agenda (default),
            overdue or due-soon loans, or all loans by id — the document 'loans import' reads.
            --ndjson prints one loan object per line and nothing else.
            """
    )

    struct Options: Equatable {
        var query: JSONQuery = .agenda
        var ndjson = false
    }

    static func options(_ raw: RawInvocation) throws(CLIError) -> Options {
        var options = Options(ndjson: raw.options["--ndjson"] != nil)
        if let name = raw.positionals.first {
            guard let query = JSONQuery(rawValue: name) else {
                throw .usage("\(Quoted(name)) is not a query (use \(JSONQuery.names))", spec.usage)
            }
            options.query = query
        }
        return options
    }

    let request: Request

    func run(_ options: Options) throws -> ExitCode {
        let out = request.console.out
        var writer = JSONDocumentWriter(ndjson: options.ndjson) { out.write(bytes: $0) }
        let query = AgendaQuery(store: try request.stores.reader())
        try JSONPresenter(query: query, policy: request.policy, generatedAt: request.now.utc)
            .present(options.query, to: &writer)
        return .success
    }
}

import LoansCore
import LoansJSON

/// `loans json [agenda | overdue | due-soon | all | history [ID]] [--ndjson]`.
struct JSONCommand {
    static let spec = CommandSpec(
        name: "json", options: ["--ndjson": .flag], positionals: 0...2,
        usage: "loans json [agenda | overdue | due-soon | all | history [ID]] [--ndjson]",
        detail: """
            Prints the answer as one JSON document for jq (schema: Docs/JSON.md): the agenda (default),
            overdue or due-soon loans, all loans by id — the document 'loans import' reads — or the history
            (every change, or those of loan ID, newest first, each loan before and after).
            --ndjson prints one loan (or change) object per line and nothing else.
            """
    )

    /// What the document lists.
    enum Query: Equatable {
        case loans(JSONQuery)
        case history(LoanID?)
    }

    struct Options: Equatable {
        var query: Query = .loans(.agenda)
        var ndjson = false
    }

    static func options(_ raw: RawInvocation) throws(CLIError) -> Options {
        var options = Options(ndjson: raw.options["--ndjson"] != nil)
        let words = raw.positionals
        if let name = words.first {
            if name == "history" {
                guard let text = words.dropFirst().first else {
                    options.query = .history(nil)
                    return options
                }
                guard let id = LoanID(parsing: text) else {
                    throw .usage("\(Quoted(text)) is not a loan id (a positive whole number)", spec.usage)
                }
                options.query = .history(id)
                return options
            }
            guard let query = JSONQuery(rawValue: name) else {
                throw .usage("\(Quoted(name)) is not a query (use \(JSONQuery.names) or history)", spec.usage)
            }
            guard words.count == 1 else { throw .usage("unexpected argument \(Quoted(words[1])) for 'json \(name)'", spec.usage) }
            options.query = .loans(query)
        }
        return options
    }

    let request: Request

    func run(_ options: Options) throws -> ExitCode {
        let out = request.console.out
        var writer = JSONDocumentWriter(ndjson: options.ndjson) { out.write(bytes: $0) }
        let store = try request.stores.reader()
        let query = AgendaQuery(store: store)
        let identity = try store.databaseIdentity()
        switch options.query {
        case .loans(let name):
            try JSONPresenter(query: query, policy: request.policy, generatedAt: request.now.utc, databaseID: identity)
                .present(name, to: &writer)
        case .history(let loan):
            try HistoryPresenter(
                history: HistoryQuery(store: store), agenda: query, policy: request.policy, generatedAt: request.now.utc,
                databaseID: identity
            ).present(of: loan, limit: nil, to: &writer)
        }
        return .success
    }
}

import LoansCore
import LoansJSON

/// `loans json [agenda | overdue | due-soon | all] [--ndjson]`.
struct JSONCommand: LoansCommand {
    static let query = PositionalDeclaration(
        "QUERY", .choice(JSONQuery.allCases.map(\.rawValue), noun: "query"), help: "what to print (default agenda)", optional: true
    )
    static let ndjson = OptionDeclaration("--ndjson", .flag, help: "print one loan object per line and nothing else")
    static let declaration = CommandDeclaration(
        name: "json", abstract: "Print the answer as one JSON document for jq.",
        discussion: "The agenda (default), overdue or due-soon loans, or all loans by id: the document 'loans import' reads. The document's keys and versioning are described in Docs/JSON.md.",
        positionals: [query], options: [ndjson]
    )

    let query: JSONQuery
    let ndjson: Bool

    init(_ input: CommandInput) {
        query = input.positional(0)?.choice.flatMap(JSONQuery.init) ?? .agenda
        ndjson = input.flag(JSONCommand.ndjson)
    }

    func run(_ request: Request) throws -> ExitCode {
        let out = request.console.out
        var writer = JSONDocumentWriter(ndjson: ndjson) { out.write(bytes: $0) }
        let agenda = AgendaQuery(store: try request.stores.reader())
        try JSONPresenter(query: agenda, policy: request.policy, generatedAt: request.now.utc).present(query, to: &writer)
        return .success
    }
}

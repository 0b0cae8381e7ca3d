import LoansArguments
import LoansCore
import LoansDocument

/// `loans json [agenda | overdue | due-soon | all [--history] | history [ID]] [--ndjson]`.
struct JSONCommand: LoansCommand {
    static let query = Positional<Query>(
        "QUERY", .choice(JSONQuery.allCases.map { ($0.rawValue, .loans($0)) } + [("history", .history(nil))], noun: "query"),
        help: "what to print (default agenda)", optional: true
    )
    static let loan = Positional("ID", .id, help: "with history: only the changes of this loan", optional: true, completedAfter: "history")
    static let ndjson = Flag("--ndjson", help: "print one loan (or change) object per line and nothing else")
    static let history = Flag(
        "--history", help: "with all: the whole history too, oldest first, before the loans (a move keeps it)"
    )
    static let declaration = CommandDeclaration(
        CommandName.json, abstract: "Print the answer as one JSON document for jq.",
        discussion: """
            The agenda (default), overdue or due-soon loans, all loans by id (the document 'loans import' reads), or the history: every change, or those of loan ID, newest first, each loan before and after. 'json all --history' puts the whole history, oldest first, before the loans, so that importing it into an empty database keeps the history. The document's keys and versioning are described in Docs/JSON.md.
            """,
        positionals: [query, loan]
    ) {
        history
        ndjson
    }

    /// What the document lists.
    enum Query: Equatable, Sendable {
        case loans(JSONQuery)
        case history(LoanID?)
    }

    let query: Query
    let ndjson: Bool
    /// Whether `json all` carries the history before its loans.
    let withHistory: Bool

    init(_ input: CommandInput) throws(CLIError) {
        ndjson = input[Self.ndjson]
        withHistory = input[Self.history]
        let asked = input[Self.query] ?? .loans(.agenda)
        if case .history = asked {
            query = .history(input[Self.loan])
        } else {
            if input[Self.loan] != nil { throw input.refusal("only 'json history' takes an ID") }
            query = asked
        }
        if withHistory, query != .loans(.all) { throw input.refusal("only 'json all' takes --history") }
        if withHistory, ndjson { throw input.refusal("--history makes a document; --ndjson prints loans alone") }
    }

    func run(_ request: Request) throws -> ExitCode {
        var writer = JSONDocumentWriter(ndjson: ndjson, into: request.console.out)
        let store = try request.reader()
        let agenda = AgendaQuery(store: store)
        let identity = try store.databaseIdentity()
        switch query {
        case .loans(let name):
            var presenter = JSONPresenter(query: agenda, policy: request.policy, generatedAt: request.now.utc, databaseID: identity)
            if withHistory { presenter.history = HistoryQuery(store: store) }
            try presenter.present(name, to: &writer)
        case .history(let loan):
            try HistoryPresenter(
                history: HistoryQuery(store: store), agenda: agenda, policy: request.policy, generatedAt: request.now.utc,
                databaseID: identity
            ).present(of: loan, limit: nil, to: &writer)
        }
        return .success
    }
}

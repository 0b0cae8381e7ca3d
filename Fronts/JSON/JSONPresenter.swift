import LoansCore

/// Maps a query to the JSON document: the envelope (query echoed, the request's instant and
/// today, the window, the summary counted whatever the query) and the loans of the query's
/// listing, as Core's agenda use case streams them from one snapshot.
public struct JSONPresenter {
    let query: AgendaQuery
    let policy: DuePolicy
    let generatedAt: UTCTimestamp
    /// The identity of the store the loans come from (`database_id`), when it has one.
    let databaseID: String?

    public init(query: AgendaQuery, policy: DuePolicy, generatedAt: UTCTimestamp, databaseID: String?) {
        self.query = query
        self.policy = policy
        self.generatedAt = generatedAt
        self.databaseID = databaseID
    }

    /// Hands the envelope, then each loan, to the view.
    public func present(_ name: JSONQuery, to view: inout JSONDocumentWriter) throws {
        try query.stream(name.listing, policy) { summary in
            var envelope = LoanDocumentWriting.Envelope(
                query: name.rawValue, generatedAt: generatedAt, policy: policy,
                overdueCount: summary.overdueCount, dueSoonCount: summary.dueSoonCount
            )
            envelope.databaseID = databaseID
            view.open(envelope)
        } visit: { view.loan($0) }
        view.close()
    }
}

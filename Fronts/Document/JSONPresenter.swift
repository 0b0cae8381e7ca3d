import LoansCore
import LoansInterchange

/// Maps a query to the JSON document: the envelope (query echoed, the request's instant and
/// today, the window, the summary counted whatever the query) and the loans of the query's
/// listing, as Core's agenda use case streams them from one snapshot.
package struct JSONPresenter {
    let query: AgendaQuery
    let policy: DuePolicy
    let generatedAt: UTCTimestamp
    /// The identity of the store the loans come from (`database_id`), when it has one.
    let databaseID: String?
    /// The history to write before the loans (`json all --history`), oldest first; nil for none.
    package var history: HistoryQuery?

    package init(query: AgendaQuery, policy: DuePolicy, generatedAt: UTCTimestamp, databaseID: String?) {
        self.query = query
        self.policy = policy
        self.generatedAt = generatedAt
        self.databaseID = databaseID
    }

    /// Hands the envelope, then (with a history) each change oldest first, then (for `all`) each
    /// contact, then each loan, to the view.
    package func present(_ name: JSONQuery, to view: inout JSONDocumentWriter) throws {
        let carriesPeople = name == .all
        try query.stream(name.listing, policy) { summary in
            var envelope = LoanDocumentWriting.Envelope(
                query: name.rawValue, generatedAt: generatedAt, policy: policy,
                overdueCount: summary.overdueCount, dueSoonCount: summary.dueSoonCount
            )
            envelope.databaseID = databaseID
            envelope.carriesHistory = history != nil
            envelope.carriesPeople = carriesPeople
            view.open(envelope)
            // In the same snapshot as the loans, so the history leads exactly to them and to the contacts.
            if let history {
                try history.stream(of: nil, limit: nil, oldestFirst: true) { view.change($0) } delta: { try view.delta($0) } person: {
                    try view.personDelta($0)
                } end: { try view.endChange() }
                view.nextList(carriesPeople ? .people : .loans)
            }
            guard carriesPeople else { return }
            try query.people { try view.person($0) }
            view.nextList(.loans)
        } visit: { try view.loan($0) }
        try view.close()
    }
}

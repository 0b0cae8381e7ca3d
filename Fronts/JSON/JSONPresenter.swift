import LoansCore

/// Maps a query to the document of CONTRACT §4: the envelope (query echoed, the request's
/// instant and today, the window, the summary counted whatever the query) and the loans in
/// contract order — agenda: overdue then due soon; one group; or every loan by id.
public struct JSONPresenter {
    let store: any LoanReading
    let policy: DuePolicy
    let generatedAt: UTCTimestamp

    public init(store: any LoanReading, policy: DuePolicy, generatedAt: UTCTimestamp) {
        self.store = store
        self.policy = policy
        self.generatedAt = generatedAt
    }

    /// Hands the envelope, then each loan, to the view, all from one snapshot of the store.
    public func present(_ query: JSONQuery, to view: inout JSONDocumentWriter) throws {
        try store.snapshot {
            let summary = try AgendaQuery(store: store).summary(policy)
            view.open(LoanDocument.Envelope(
                query: query.rawValue, generatedAt: generatedAt, policy: policy,
                overdueCount: summary.overdueCount, dueSoonCount: summary.dueSoonCount
            ))
            switch query {
            case .agenda:
                try OverdueQuery(store: store).forEach(policy) { view.loan($0) }
                try DueSoonQuery(store: store).forEach(policy) { view.loan($0) }
            case .overdue:
                try OverdueQuery(store: store).forEach(policy) { view.loan($0) }
            case .dueSoon:
                try DueSoonQuery(store: store).forEach(policy) { view.loan($0) }
            case .all:
                try LoanLookup(store: store).list(.all, policy) { view.loan($0) }
            }
            view.close()
        }
    }
}

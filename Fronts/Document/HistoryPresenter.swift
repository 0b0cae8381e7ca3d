import LoansCore

/// `loans json history [ID]`: the document's envelope (query `history`, the request's instant,
/// today, the window, the summary) with `changes` in place of `loans`: each change newest first,
/// with every loan and contact it touched before and after, streamed from one snapshot.
package struct HistoryPresenter {
    let history: HistoryQuery
    let agenda: AgendaQuery
    let policy: DuePolicy
    let generatedAt: UTCTimestamp
    let databaseID: String?

    package init(history: HistoryQuery, agenda: AgendaQuery, policy: DuePolicy, generatedAt: UTCTimestamp, databaseID: String?) {
        self.history = history
        self.agenda = agenda
        self.policy = policy
        self.generatedAt = generatedAt
        self.databaseID = databaseID
    }

    package func present(of loan: LoanID?, limit: Int?, to view: inout JSONDocumentWriter) throws {
        try agenda.snapshot {
            let summary = try agenda.summary(policy)
            var envelope = LoanDocumentWriting.Envelope(
                query: "history", generatedAt: generatedAt, policy: policy,
                overdueCount: summary.overdueCount, dueSoonCount: summary.dueSoonCount
            )
            envelope.listKey = "changes"
            envelope.databaseID = databaseID
            view.open(envelope)
            try history.stream(of: loan, limit: limit) { view.change($0) } delta: { try view.delta($0) } person: {
                try view.personDelta($0)
            } end: { try view.endChange() }
            try view.close()
        }
    }
}

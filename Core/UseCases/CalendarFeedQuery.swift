/// An open loan as a calendar feed shows it: the loan and how far its history goes.
package struct FeedEntry: Hashable, Sendable {
    package let loan: Loan
    /// Nil when the store keeps no history of it.
    package let revision: LoanRevision?

    package init(loan: Loan, revision: LoanRevision?) {
        self.loan = loan
        self.revision = revision
    }
}

/// The calendar feed's question: the store's identity, then every open loan in due order with
/// its revision, from one snapshot — or, for a share link's feed, only that person's, as they
/// see them (`SharedLoansQuery`). Returned loans leave the feed. Streamed, so memory stays flat
/// however many loans are open.
package struct CalendarFeedQuery {
    let store: any LoanReading
    /// The share link's view, when the feed is one person's.
    package let share: SharedLoansQuery?

    package init(store: any LoanReading) {
        self.store = store
        share = nil
    }

    /// The feed of one person's share link.
    package init(sharing share: SharedLoansQuery) {
        store = share.store
        self.share = share
    }

    package func stream(identity: (String?) throws -> Void, visit: (FeedEntry) throws -> Void) throws {
        let history = store.history
        try store.snapshot {
            try identity(try store.databaseIdentity())
            let entry = { (loan: Loan) in try visit(FeedEntry(loan: loan, revision: try history?.revision(of: loan.id))) }
            if let share {
                try share.walk(entry)
            } else {
                try store.openLoans(due: DueRange(from: nil, through: .latest), beyond: nil, descending: false, limit: nil, entry)
            }
        }
    }
}

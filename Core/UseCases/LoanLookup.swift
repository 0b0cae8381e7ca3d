/// Reads loans by id or selection, each with its standing today.
package struct LoanLookup {
    let store: any LoanReading

    package init(store: any LoanReading) {
        self.store = store
    }

    /// One loan, or `.notFound`.
    package func show(_ id: LoanID, _ policy: DuePolicy) throws(LoanCommandError) -> LoanStanding {
        let loan = try commanding { try store.loan(id) }
        guard let loan else { throw .notFound(id) }
        return policy.standing(of: loan)
    }

    /// Every loan of the selection that the filter keeps, in id order. A search text of
    /// `SearchText.indexedLength` characters or more is the store's to find, from its index, so a
    /// rare text costs its matches, not the table; the person and direction are then tested here
    /// on the matches. A shorter text, which no index answers, is looked for among the first
    /// `walkBound` loans of the selection only, as the TUI's filter does, and the answer says
    /// when loans were left unread. Without a text the selection is walked and tested here.
    @discardableResult
    package func list(
        _ selection: LoanSelection, matching filter: LoanFilter = LoanFilter(), _ policy: DuePolicy,
        _ visit: (LoanStanding) throws -> Void
    ) throws -> ListingReach {
        let prepared = filter.prepared()
        guard let search = prepared.search else {
            try store.loans(selection) { loan in
                if prepared.keeps(loan) { try visit(policy.standing(of: loan)) }
            }
            return .complete
        }
        if search.isIndexed {
            try store.loans(selection, containing: search) { loan in
                if prepared.keepsBesidesText(loan) { try visit(policy.standing(of: loan)) }
            }
            return .complete
        }
        struct Bound: Error {}
        var read = 0
        do {
            try store.loans(selection) { loan in
                guard read < search.walkBound else { throw Bound() }
                read += 1
                if prepared.keeps(loan) { try visit(policy.standing(of: loan)) }
            }
        } catch is Bound {
            return .stoppedAtBound(read: read)
        }
        return .complete
    }
}

/// How far a listing went.
package enum ListingReach: Hashable, Sendable {
    /// Through the whole selection.
    case complete
    /// A search text too short for the index was looked for in the first `read` loans by id only;
    /// the selection has more.
    case stoppedAtBound(read: Int)
}

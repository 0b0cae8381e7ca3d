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

    /// Every loan of the selection that the filter keeps, in id order. A listing is read by a
    /// person, not polled, so it walks the selection and tests each loan here.
    package func list(
        _ selection: LoanSelection, matching filter: LoanFilter = LoanFilter(), _ policy: DuePolicy,
        _ visit: (LoanStanding) throws -> Void
    ) throws {
        let prepared = filter.prepared()
        try store.loans(selection) { loan in
            if prepared.keeps(loan) { try visit(policy.standing(of: loan)) }
        }
    }

    /// The counterparties named by the first `scanning` loans in id order, each once, sorted:
    /// the names a user has already typed, for completion. The bound keeps the cost flat.
    package func counterparties(scanning limit: Int) throws -> [String] {
        struct Enough: Error {}
        var names = Set<String>()
        var seen = 0
        do {
            try store.loans(.all) { loan in
                guard seen < limit else { throw Enough() }
                seen += 1
                names.insert(loan.counterparty)
            }
        } catch is Enough {}
        return names.sorted()
    }
}

/// Reads loans by id or selection, each with its standing today.
public struct LoanLookup {
    let store: any LoanReading

    public init(store: any LoanReading) {
        self.store = store
    }

    /// One loan, or `.notFound`.
    public func show(_ id: LoanID, _ policy: DuePolicy) throws(LoanCommandError) -> LoanStanding {
        let loan = try commanding { try store.loan(id) }
        guard let loan else { throw .notFound(id) }
        return policy.standing(of: loan)
    }

    /// Every loan of the selection in id order.
    public func list(_ selection: LoanSelection, _ policy: DuePolicy, _ visit: (LoanStanding) throws -> Void) throws {
        try store.loans(selection) { try visit(policy.standing(of: $0)) }
    }
}

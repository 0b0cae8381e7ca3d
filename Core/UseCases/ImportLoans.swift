/// `loans import`: writes the loans a document hands over in one transaction, all or nothing,
/// keeping each loan's id where it is free. Reading the document is not Core's business: the
/// caller gives a walk that hands over each loan, already checked against every rule, and
/// throws for the first problem (which rolls everything back).
public struct ImportLoans {
    let store: any LoanWriting

    public init(store: any LoanWriting) {
        self.store = store
    }

    /// Writes every loan `loans` hands over into the store, all or nothing.
    public func run(_ loans: (_ visit: (Loan) throws -> Void) throws -> Void) throws -> ImportOutcome {
        try store.importLoans(loans)
    }
}

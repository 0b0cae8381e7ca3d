/// What one person sees through their share link: only the open loans with them — the loan's
/// counterparty and their name fold alike — in due order (due date, then id), each seen from
/// their side: a thing the owner lent them is one they borrowed from the owner, one the owner
/// borrowed from them one they lent. The other party is then the owner (`owner`, the name the
/// front gives the store's owner), and the note, the renewals and the return — the owner's
/// records, not theirs — are left out. Returned loans, other people and the history are not
/// theirs to see.
package struct SharedLoansQuery {
    let store: any LoanReading
    /// The person the link was made for.
    package let person: String
    /// The store's owner, as the person knows them.
    package let owner: String

    package init(store: any LoanReading, person: String, owner: String) {
        self.store = store
        self.person = person
        self.owner = owner
    }

    /// Each open loan with the person, as they see it, in due order: the open loans of their page
    /// (`PersonLoansQuery`), found as it finds them.
    package func walk(_ visit: (Loan) throws -> Void) throws {
        try PersonLoansQuery(store: store, person: person).open(beyond: nil, limit: nil) { try visit(seen($0)) }
    }

    /// The loan as the person sees it.
    func seen(_ loan: Loan) -> Loan {
        Loan(
            id: loan.id, title: loan.title, direction: loan.direction == .lent ? .borrowed : .lent, counterparty: owner,
            lentOn: loan.lentOn, dueOn: loan.dueOn
        )
    }
}

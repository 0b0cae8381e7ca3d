/// What is between you and one person, both ways: their open loans — every loan whose
/// counterparty is their name as names are compared (`PersonKey`) — in due order, a page at a
/// time from a key, and their newest returned loans, bounded. A person's page shows it; a share
/// link shows the open ones from their side (`SharedLoansQuery`).
package struct PersonLoansQuery {
    let store: any LoanReading
    /// The person, as names are compared.
    package let person: PersonKey

    package init(store: any LoanReading, person: String) {
        self.store = store
        self.person = PersonKey(person)
    }

    /// Each open loan with the person in due order (the due date, then the id), strictly after
    /// `key` when given, at most `limit` of them when given. A name long enough for the search
    /// index is found through it (the cost follows that person's loans, not the table); a
    /// shorter one walks the open loans.
    package func open(beyond key: DueOrderKey?, limit: Int?, _ visit: (Loan) throws -> Void) throws {
        struct Enough: Error {}
        var given = 0
        func offer(_ loan: Loan) throws {
            guard isTheirs(loan) else { return }
            guard given < limit ?? Int.max else { throw Enough() }
            given += 1
            try visit(loan)
        }
        let everyDay = DueRange(from: nil, through: .latest)
        let text = SearchText(person.folded)
        do {
            if text.isIndexed {
                try store.searchOpenLoans(text, due: everyDay, beyond: key, descending: false, limit: nil, offer)
            } else {
                try store.openLoans(due: everyDay, beyond: key, descending: false, limit: nil, offer)
            }
        } catch is Enough {}
    }

    /// The person's returned loans, newest return first, at most `limit` of them, looked for
    /// among the store's newest `scanning` returned loans: no index finds a person's returns, so
    /// the bound keeps the cost of a page flat. False when that bound was reached before their
    /// returns were all seen (older ones of theirs may exist); true when the limit was reached or
    /// every returned loan was looked at.
    @discardableResult
    package func returned(limit: Int, scanning: Int, _ visit: (Loan) throws -> Void) throws -> Bool {
        struct Enough: Error {}
        var read = 0
        var given = 0
        do {
            try store.returnedLoans(beyond: nil, newestFirst: true, limit: scanning + 1) { loan in
                read += 1
                guard read <= scanning else { throw Enough() }
                guard isTheirs(loan) else { return }
                given += 1
                try visit(loan)
                if given == limit { throw Enough() }
            }
        } catch is Enough {
            return given == limit
        }
        return true
    }

    /// Whether the loan is with the person: its counterparty is their name, as names are compared.
    private func isTheirs(_ loan: Loan) -> Bool {
        PersonKey(loan.counterparty) == person
    }
}

/// The returned loans, newest return first (on the same day, the larger id first): the
/// Returned view's use case, paged a screenful at a time in either direction from a key.
package struct ReturnedQuery {
    let store: any LoanReading

    package init(store: any LoanReading) {
        self.store = store
    }

    /// Visits returned loans strictly beyond `key`, newest first — or oldest first when not
    /// `newestFirst` (a page upwards from a key) — at most `limit` of them.
    package func page(
        beyond key: ReturnOrderKey?, newestFirst: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        try store.returnedLoans(beyond: key, newestFirst: newestFirst, limit: limit, visit)
    }

    /// How many loans were returned, counting no further than `cap` + 1 (a screen asks only
    /// whether there are more than it shows; the cost is the loans counted).
    package func count(cap: Int) throws -> Int {
        var count = 0
        try page(beyond: nil, newestFirst: true, limit: max(cap, 0) + 1) { _ in count += 1 }
        return count
    }
}

extension ReturnOrderKey {
    /// The key of a returned loan; nil while it is out.
    package init?(_ loan: Loan) {
        guard let returnedOn = loan.returnedOn else { return nil }
        self.init(returnedOn: returnedOn, id: loan.id)
    }
}

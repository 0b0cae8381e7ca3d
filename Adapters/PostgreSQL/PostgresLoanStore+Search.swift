import LoansCore

/// Searching open loans by text, and walking returned loans, on PostgreSQL.
///
/// The search is Core's walk (`SearchText.walk`) over the ordered walk of open loans, a page at a
/// time in one snapshot: the answers the store contract asks for, at a cost that follows the loans
/// walked. An index (pg_trgm over folded copies) is the next step for large shared stores.
extension PostgresLoanStore {
    func searchOpenLoans(
        _ text: SearchText, due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (Loan) throws -> Void
    ) throws -> SearchReach {
        try snapshot {
            try text.walk(pages: { after in
                var page: [Loan] = []
                try openLoans(due: range, beyond: after ?? key, descending: descending, limit: PostgresLoanStore.pageSize) {
                    page.append($0)
                }
                return page
            }, limit: limit, visit)
        }
    }

    func returnedLoans(
        beyond key: ReturnOrderKey?, newestFirst: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        var remaining = limit ?? Int.max
        var key = key
        while remaining > 0 {
            var query = BoundSQL("SELECT \(PostgresLoanRow.columns) FROM loans.loan WHERE returned_on IS NOT NULL")
            if let key {
                let (returned, id) = (query.bind(key.returnedOn.iso), query.bind(key.id.description))
                query.append(" AND (returned_on, id) \(newestFirst ? "<" : ">") (\(returned)::date, \(id)::bigint)")
            }
            let pageSize = min(remaining, PostgresLoanStore.pageSize)
            let pageLimit = query.bind(String(pageSize))
            query.append(newestFirst ? " ORDER BY returned_on DESC, id DESC" : " ORDER BY returned_on, id")
            query.append(" LIMIT \(pageLimit)")
            let loans = try fetch(query)
            for loan in loans { try visit(loan) }
            guard loans.count == pageSize, let last = loans.last else { return }
            remaining -= pageSize
            key = ReturnOrderKey(last)
        }
    }
}

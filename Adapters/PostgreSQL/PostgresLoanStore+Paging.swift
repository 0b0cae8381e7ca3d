import LoansCore

extension PostgresLoanStore {
    /// Keyset paging: visits the loans `page` fetches, a page of at most `pageSize` at a time,
    /// until `limit` loans are visited or a page comes back short. `page(key, size)` fetches the
    /// `size` loans after `key` (from the start when nil) in the walk's order; `key` makes the key of
    /// a page's last loan, where the next page starts (none: the walk ends there).
    static func paged<Key>(
        from key: Key?, limit: Int?, key next: (Loan) -> Key?,
        page: (Key?, Int) throws -> [Loan], _ visit: (Loan) throws -> Void
    ) throws {
        var remaining = limit ?? Int.max
        var key = key
        while remaining > 0 {
            let size = min(remaining, pageSize)
            let loans = try page(key, size)
            for loan in loans { try visit(loan) }
            guard loans.count == size, let last = loans.last, let after = next(last) else { return }
            remaining -= size
            key = after
        }
    }
}

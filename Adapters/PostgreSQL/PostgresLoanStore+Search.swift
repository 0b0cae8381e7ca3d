import LoansCore

/// Searching open loans by text, and walking returned loans, on PostgreSQL.
///
/// Every write keeps folded copies of a loan's title, counterparty and note (Core's folding,
/// made by loans: `PostgresLoanRow.writtenParameters`). A text of three characters or more is
/// looked for in the next page of the walk, then in the copies with `LIKE` (its `%`, `_` and `\`
/// escaped), which the trigram index over the open loans' copies (`loan_open_search`, pg_trgm)
/// answers at a cost that follows the matches; the matches come back in the walk's order a page
/// at a time. A shorter text — and any text on
/// a database from before the copies — is Core's walk (`SearchText.walk`) over the ordered walk
/// of open loans, in one snapshot.
extension PostgresLoanStore {
    func searchOpenLoans(
        _ text: SearchText, due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (Loan) throws -> Void
    ) throws -> SearchReach {
        try snapshot {
            guard text.isIndexed, try foldedCopies() else {
                return try text.walk(pages: { after in
                    var page: [Loan] = []
                    try openLoans(due: range, beyond: after ?? key, descending: descending, limit: PostgresLoanStore.pageSize) {
                        page.append($0)
                    }
                    return page
                }, limit: limit, visit)
            }
            try matches(text, range, beyond: key, descending: descending, limit: limit, visit)
            return .complete
        }
    }

    /// The open loans of the range whose folded copies contain the text, in the walk's order,
    /// strictly beyond `key`, at most `limit`. The next page of the plain walk is looked at first:
    /// a text most loans contain (the first letters of a word, typed) is answered there at once,
    /// where the trigram index would hand over nearly every loan to sort. Beyond that page the
    /// index answers, a page a statement.
    private func matches(
        _ text: SearchText, _ range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        var remaining = limit ?? Int.max
        var walked: [Loan] = []
        try openLoans(due: range, beyond: key, descending: descending, limit: PostgresLoanStore.pageSize) { walked.append($0) }
        for loan in walked where remaining > 0 && text.matches(loan) {
            try visit(loan)
            remaining -= 1
        }
        guard remaining > 0, walked.count == PostgresLoanStore.pageSize, let last = walked.last else { return }
        var key = DueOrderKey(last)
        let pattern = "%" + PostgresLoanStore.likeEscaped(text.folded) + "%"
        while remaining > 0 {
            var query = BoundSQL("SELECT \(PostgresLoanRow.columns) FROM loans.loan WHERE returned_on IS NULL")
            let (from, through, like) = (query.bind((range.from ?? .earliest).iso), query.bind(range.through.iso), query.bind(pattern))
            query.append(" AND due_on >= \(from) AND due_on <= \(through)")
            query.append(" AND (folded_title LIKE \(like) OR folded_counterparty LIKE \(like) OR folded_note LIKE \(like))")
            let (due, id) = (query.bind(key.dueOn.iso), query.bind(key.id.description))
            query.append(" AND (due_on, id) \(descending ? "<" : ">") (\(due)::date, \(id)::bigint)")
            let pageSize = min(remaining, PostgresLoanStore.pageSize)
            query.append(descending ? " ORDER BY due_on DESC, id DESC" : " ORDER BY due_on, id")
            query.append(" LIMIT \(query.bind(String(pageSize)))")
            let loans = try fetch(query)
            for loan in loans { try visit(loan) }
            guard loans.count == pageSize, let last = loans.last else { return }
            remaining -= pageSize
            key = DueOrderKey(last)
        }
    }

    /// Whether the database keeps folded copies (an older schema, read as it is, does not).
    private func foldedCopies() throws -> Bool {
        if let keepsFoldedCopies { return keepsFoldedCopies }
        let kept = try postgres {
            try connection.execute("""
                SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'loans.loan'::regclass AND attname = 'folded_title' AND NOT attisdropped)
                """).bool(0, 0) == true
        }
        keepsFoldedCopies = kept
        return kept
    }

    /// `text` as a `LIKE` pattern that matches itself only: `\`, `%` and `_` escaped.
    static func likeEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.unicodeScalars.append(character)
        }
        return escaped
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

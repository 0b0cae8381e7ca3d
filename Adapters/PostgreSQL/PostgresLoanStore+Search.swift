import LoansCore

/// Searching open loans by text, and walking returned loans, on PostgreSQL.
///
/// Every write keeps folded copies of a loan's title, counterparty and note (Core's folding,
/// made by loans: `PostgresLoanRow.writtenParameters`). A text of three characters or more is
/// looked for in the copies with `LIKE` (its `%`, `_` and `\` escaped): first among the next few
/// thousand loans of the walk, then in the trigram index over the open loans' copies
/// (`loan_open_search`, pg_trgm), which answers a rarer text at a cost that follows its matches;
/// the matches come back in the walk's order (the index is asked for the first
/// `probedScalars` characters of a longer text, and the whole is checked). A shorter text — and any text on
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

    /// How many open loans a search reads in due order with one statement, on the server, and
    /// how many at most before it turns to the index.
    static let searchWalk = 5000
    static let searchWalkLimit = 50_000
    /// The most characters of a text the trigram index is asked for: for a longer text (a filter
    /// pasted whole) the server would look up every one of its trigrams, costing more than the
    /// search; its start narrows the answer as well, and the whole text is checked on the rows.
    static let probedScalars = 66

    /// The open loans of the range whose folded copies contain the text, in the walk's order,
    /// strictly beyond `key`, at most `limit`. The walk is read first, `searchWalk` loans a
    /// statement on the server: a text many loans contain is answered there, where the trigram
    /// index would hand them all over to be sorted. It turns to the index once the matches seen
    /// so far say the index has fewer loans to hand over than the walk has yet to read (a text
    /// not seen at all at once), and pages through the index's matches.
    private func matches(
        _ text: SearchText, _ range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        var remaining = limit ?? Int.max
        let pattern = "%" + PostgresLoanStore.likeEscaped(text.folded) + "%"
        var (read, found) = (0, 0)
        var key = key
        var openInRange: Int?
        while true {
            let walked = try walkedMatches(pattern, range, beyond: key, descending: descending, limit: min(remaining, PostgresLoanStore.searchWalk))
            for loan in walked.matches { try visit(loan) }
            remaining -= walked.matches.count
            guard remaining > 0, let stoppedAt = walked.stoppedAt else { return }
            key = stoppedAt
            (read, found) = (read + PostgresLoanStore.searchWalk, found + walked.matches.count)
            let open = try openInRange ?? countOpenLoans(due: range)
            openInRange = open
            let share = Double(found) / Double(read)
            let toWalk = share > 0 ? Double(remaining) / share : .infinity
            if read >= PostgresLoanStore.searchWalkLimit || toWalk > 2 * share * Double(open) { break }
        }
        let scalars = text.folded.unicodeScalars
        let start = scalars.count > PostgresLoanStore.probedScalars
            ? "%" + PostgresLoanStore.likeEscaped(String(String.UnicodeScalarView(scalars.prefix(PostgresLoanStore.probedScalars)))) + "%"
            : nil
        try PostgresLoanStore.paged(from: key, limit: remaining, key: DueOrderKey.init) { key, size in
            var query = BoundSQL("SELECT \(PostgresLoanRow.columns) FROM ")
            if let start {
                // The index is asked for the start; the fence (OFFSET 0) keeps the whole text out of its condition.
                query.append("(SELECT * FROM loans.loan")
                query.append(PostgresLoanStore.openLoans(range, beyond: key, descending: descending, into: &query))
                query.append(" AND \(PostgresLoanStore.contains(query.bind(start))) OFFSET 0) AS started")
                query.append(" WHERE \(PostgresLoanStore.contains(query.bind(pattern)))")
            } else {
                query.append("loans.loan")
                query.append(PostgresLoanStore.openLoans(range, beyond: key, descending: descending, into: &query))
                query.append(" AND \(PostgresLoanStore.contains(query.bind(pattern)))")
            }
            // Ordered by expressions the due-order index does not hold: walking it was done
            // above; beyond it the matches are sparse, and the planner, misled by a walk's early
            // stop, would walk on through a million loans.
            query.append(descending ? " ORDER BY due_on + 0 DESC, id + 0 DESC" : " ORDER BY due_on + 0, id + 0")
            query.append(" LIMIT \(query.bind(String(size)))")
            return try fetch(query)
        } _: { try visit($0) }
    }

    /// The matches among the next `searchWalk` open loans of the walk (at most `limit`, in the
    /// walk's order; the server stops reading once it has them) and, unless the limit was met
    /// within the stretch, its last loan (nil: the range ended within it), found by reading the
    /// due-date index alone.
    private func walkedMatches(
        _ pattern: String, _ range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int
    ) throws -> (matches: [Loan], stoppedAt: DueOrderKey?) {
        let order = descending ? "due_on DESC, id DESC" : "due_on, id"
        var query = BoundSQL("SELECT \(PostgresLoanRow.columns) FROM (SELECT * FROM loans.loan")
        query.append(PostgresLoanStore.openLoans(range, beyond: key, descending: descending, into: &query))
        query.append(" ORDER BY \(order) LIMIT \(query.bind(String(PostgresLoanStore.searchWalk)))) AS walked")
        query.append(" WHERE \(PostgresLoanStore.contains(query.bind(pattern))) ORDER BY \(order) LIMIT \(query.bind(String(limit)))")
        let matches = try fetch(query)
        // Every loan of the stretch matched: it ends with the last of them.
        if matches.count == PostgresLoanStore.searchWalk, let last = matches.last { return (matches, DueOrderKey(last)) }
        guard matches.count < limit else { return (matches, nil) }
        var end = BoundSQL("SELECT due_on, id FROM loans.loan")
        end.append(PostgresLoanStore.openLoans(range, beyond: key, descending: descending, into: &end))
        end.append(" ORDER BY \(order) OFFSET \(end.bind(String(PostgresLoanStore.searchWalk - 1))) LIMIT 1")
        let stoppedAt = try rows(end) { result, row throws(StoreError) -> DueOrderKey in
            guard let due = CivilDate(isoBytes: result.bytes(row, 0)), let id = result.int64(row, 1) else {
                throw StoreError(.unavailable, "a loan's due date or id is malformed in PostgreSQL database \(Quoted(connection.target.redacted))")
            }
            return DueOrderKey(dueOn: due, id: LoanID(id))
        }.first
        return (matches, stoppedAt)
    }

    /// ` WHERE …` for the open loans of the range strictly beyond `key` in the walk's order.
    static func openLoans(_ range: DueRange, beyond key: DueOrderKey?, descending: Bool, into query: inout BoundSQL) -> String {
        let (from, through) = (query.bind((range.from ?? .earliest).iso), query.bind(range.through.iso))
        var condition = " WHERE returned_on IS NULL AND due_on >= \(from) AND due_on <= \(through)"
        if let key {
            let (due, id) = (query.bind(key.dueOn.iso), query.bind(key.id.description))
            condition += " AND (due_on, id) \(descending ? "<" : ">") (\(due)::date, \(id)::bigint)"
        }
        return condition
    }

    /// Whether a loan's folded title, counterparty or note matches the `LIKE` pattern `like`.
    static func contains(_ like: String) -> String {
        "(folded_title LIKE \(like) OR folded_counterparty LIKE \(like) OR folded_note LIKE \(like))"
    }

    /// Whether the database keeps folded copies (an older schema, read as it is, does not).
    func foldedCopies() throws -> Bool {
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
        try PostgresLoanStore.paged(from: key, limit: limit, key: ReturnOrderKey.init) { key, size in
            var query = BoundSQL("SELECT \(PostgresLoanRow.columns) FROM loans.loan WHERE returned_on IS NOT NULL")
            if let key {
                let (returned, id) = (query.bind(key.returnedOn.iso), query.bind(key.id.description))
                query.append(" AND (returned_on, id) \(newestFirst ? "<" : ">") (\(returned)::date, \(id)::bigint)")
            }
            let pageLimit = query.bind(String(size))
            query.append(newestFirst ? " ORDER BY returned_on DESC, id DESC" : " ORDER BY returned_on, id")
            query.append(" LIMIT \(pageLimit)")
            return try fetch(query)
        } _: { try visit($0) }
    }
}

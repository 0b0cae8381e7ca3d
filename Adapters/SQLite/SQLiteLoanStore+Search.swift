import LoansCore

/// Searching open loans by text.
///
/// A search merges two walks in (due date, id) order: the search index (`loan_search`, rowids in
/// due order: `SearchKey`), and the few open loans whose ids are too large for it
/// (`loan_open_big`), checked here with Core's `SearchText.matches`. An indexed text asks FTS5
/// for a phrase of the text (`searchPhrase`) and keeps the rows whose folded columns contain the
/// whole text (`instr`); a short text walks the index's rows in order, reading at most its
/// bound. A database without the index (an older schema) is walked loan by loan.
extension SQLiteLoanStore {
    func searchOpenLoans(
        _ text: SearchText, due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (Loan) throws -> Void
    ) throws -> SearchReach {
        if let limit, limit <= 0 { return .complete }
        return try snapshot {
            var walks: [SearchWalk] = []
            if try hasSearchIndex() {
                let interval = SearchKey.interval(range, beyond: key, descending: descending)
                if let interval {
                    walks.append(text.isIndexed
                        ? try matches(try searchPhrase(text.folded), text, interval, descending, limit)
                        : try scan(text, interval, descending))
                }
                walks.append(try checkedWalk(text, range, key, descending, bigIDsOnly: true))
            } else {
                walks.append(try checkedWalk(text, range, key, descending, bigIDsOnly: false))
            }
            return try merge(walks, descending: descending, text, limit, visit)
        }
    }

    /// Takes rows from the walks in order, counting the loans read (a short text stops at its
    /// bound), and visits the matches, at most `limit`.
    private func merge(
        _ walks: [SearchWalk], descending: Bool, _ text: SearchText, _ limit: Int?, _ visit: (Loan) throws -> Void
    ) throws -> SearchReach {
        let bound = text.isIndexed ? Int.max : text.walkBound
        var remaining = limit ?? Int.max
        var read = 0
        var last: DueOrderKey?
        while let row = try SearchWalk.next(of: walks, descending: descending) {
            if read == bound, let last { return .stoppedAtBound(after: last) }
            read += 1
            last = row.key
            guard row.matched else { continue }
            guard let loan = try row.loan ?? loan(row.key.id) else {
                throw StoreError(.unavailable, "the search index names loan \(row.key.id), which is not in the database")
            }
            try visit(loan)
            remaining -= 1
            if remaining == 0 { break }
        }
        return .complete
    }

    /// The loans whose folded columns contain the text, among the matches of an FTS5 phrase of
    /// it, in rowid order.
    private func matches(
        _ phrase: (query: String, whole: Bool), _ text: SearchText, _ interval: ClosedRange<Int64>, _ descending: Bool,
        _ limit: Int?
    ) throws -> SearchWalk {
        let check = phrase.whole ? "" : """
             AND (instr(loan_search.title, ?5) > 0 OR instr(loan_search.counterparty, ?5) > 0
                 OR instr(loan_search.note, ?5) > 0)
            """
        let statement = try sqlite {
            let statement = try connection.statement("""
                SELECT \(LoanRow.columns(of: "loan")) FROM loan_search
                    JOIN loan ON loan.id = (loan_search.rowid & \(SearchKey.idMask))
                WHERE loan_search MATCH ?1 AND loan_search.rowid >= ?2 AND loan_search.rowid <= ?3\(check)
                ORDER BY loan_search.rowid \(descending ? "DESC" : "ASC") LIMIT ?4
                """)
            try statement.bind(
                [.text(phrase.query), .integer(interval.lowerBound), .integer(interval.upperBound), .integer(limit.map(Int64.init) ?? -1)]
                    + (phrase.whole ? [] : [.text(text.folded)])
            )
            return statement
        }
        return try SearchWalk(statement, store: self) { statement in
            let loan = try LoanRow.decode(statement)
            return SearchRow(key: DueOrderKey(loan), matched: true, loan: loan)
        }
    }

    /// The index's rows in rowid order, each with whether its folded columns contain the text;
    /// one more than the bound, so the merge can tell a walk that stopped from one that ended.
    private func scan(_ text: SearchText, _ interval: ClosedRange<Int64>, _ descending: Bool) throws -> SearchWalk {
        let statement = try sqlite {
            let statement = try connection.statement("""
                SELECT rowid, instr(title, ?1) > 0 OR instr(counterparty, ?1) > 0 OR coalesce(instr(note, ?1) > 0, 0)
                FROM loan_search WHERE rowid >= ?2 AND rowid <= ?3 ORDER BY rowid \(descending ? "DESC" : "ASC") LIMIT ?4
                """)
            try statement.bind([
                .text(text.folded), .integer(interval.lowerBound), .integer(interval.upperBound), .integer(Int64(text.walkBound) + 1),
            ])
            return statement
        }
        return try SearchWalk(statement, store: self) { statement in
            guard let key = SearchKey.unpacked(statement.int64(0)) else {
                throw StoreError(.unavailable, "the search index holds a rowid that is not a due date and id")
            }
            return SearchRow(key: key, matched: statement.int64(1) != 0, loan: nil)
        }
    }

    /// Open loans of the range in walk order, each checked in Swift: the loans too large for the
    /// index (through their own partial index), or every open loan when not `bigIDsOnly`.
    private func checkedWalk(
        _ text: SearchText, _ range: DueRange, _ key: DueOrderKey?, _ descending: Bool, bigIDsOnly: Bool
    ) throws -> SearchWalk {
        let statement = try orderedOpenLoans(
            range, beyond: key, descending: descending, limit: nil,
            only: bigIDsOnly ? ("loan_open_big", "id >= \(SearchKey.firstUnpackedID)") : nil
        )
        return try SearchWalk(statement, store: self) { statement in
            let loan = try LoanRow.decode(statement)
            return SearchRow(key: DueOrderKey(loan), matched: text.matches(loan), loan: loan)
        }
    }

    /// Whether this database has the search index (an older schema does not).
    func hasSearchIndex() throws -> Bool {
        if let searchIndexPresent { return searchIndexPresent }
        let present = try sqlite {
            try connection.statement("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'loan_search'").scalar() > 0
        }
        searchIndexPresent = present
        return present
    }
}

import LoansCore

/// Searching a selection in id order (`loans list --search`), on the server.
///
/// The folded copies are compared with `LIKE` (as `searchOpenLoans` compares them), the open
/// loans through the trigram index over their copies (`loan_open_search`) — asked for the text's
/// rare part (`searchPattern`), its matches checked for the whole text — and the returned loans,
/// which that index does not hold, by reading them on the server; only the matches travel. The
/// matches are sorted by id on the server once (ordered by an expression the primary key does not
/// hold, so the planner, which favours a cursor's first rows, does not walk the whole key to find
/// a rare text) and fetched a page at a time through a cursor, so memory stays bounded however
/// many match. A text too short for the index, or a database from before the copies, is checked
/// loan by loan.
extension PostgresLoanStore {
    func loans(_ selection: LoanSelection, containing text: SearchText, _ visit: (Loan) throws -> Void) throws {
        guard text.isIndexed, try foldedCopies() else {
            return try loans(selection) { loan in
                if text.matches(loan) { try visit(loan) }
            }
        }
        try snapshot {
            var query = BoundSQL("DECLARE loans_listing NO SCROLL CURSOR FOR SELECT * FROM (")
            func like(_ text: String) -> String {
                PostgresLoanStore.contains(query.bind("%" + PostgresLoanStore.likeEscaped(text) + "%"))
            }
            var arms: [String] = []
            if selection != .returned {
                // The index is asked for the text's rare part; its matches hold the whole text.
                let phrase = try searchPattern(text.folded)
                var open = "returned_on IS NULL AND "
                open += like(phrase.pattern)
                if !phrase.whole {
                    let folded = query.bind(text.folded)
                    open += " AND (strpos(folded_title, \(folded)) > 0 OR strpos(folded_counterparty, \(folded)) > 0 OR strpos(folded_note, \(folded)) > 0)"
                }
                arms.append("SELECT \(PostgresLoanRow.columns) FROM loans.loan WHERE \(open)")
            }
            if selection != .open { arms.append("SELECT \(PostgresLoanRow.columns) FROM loans.loan WHERE returned_on IS NOT NULL AND \(like(text.folded))") }
            query.append(arms.joined(separator: " UNION ALL ") + ") AS matched ORDER BY id + 0")
            try postgres { try connection.execute(query) }
            do {
                while true {
                    let page = try fetch(BoundSQL("FETCH \(PostgresLoanStore.pageSize) FROM loans_listing"))
                    for loan in page { try visit(loan) }
                    guard page.count == PostgresLoanStore.pageSize else { break }
                }
            } catch {
                _ = try? connection.execute("CLOSE loans_listing")
                throw error
            }
            try postgres { try connection.execute("CLOSE loans_listing") }
        }
    }
}

/// The SQL that keeps the search index (`loan_search`, made by migration 3): which loans it
/// holds, under which rowid, and how a bulk import fills it.
///
/// Triggers keep it in step with every `add`, `modify` and `remove`, in the writer's own
/// transaction. A bulk import instead drops the triggers on `loan` (as it does for the per-day
/// counts), notes the id of each loan it inserts in a temporary table, and indexes those loans
/// with one insert at the end: FTS5 written a row at a time from a trigger saves its pending
/// terms at every statement, which made a million-loan import eight times slower. Bulk inserts
/// go in rowid order, (due date, id): FTS5 appends ascending rowids to its lists, while the same
/// loans in id order took three times as long.
enum SearchIndex {
    /// A loan's rowid in `loan_search` (`SearchKey.packed`) in SQL; `row` is `NEW.`, `OLD.` or "".
    static func key(_ row: String) -> String {
        "(CAST(julianday(\(row)due_on) - 1721425.5 AS INTEGER) << \(SearchKey.idBits)) | \(row)id"
    }

    /// Whether a loan belongs in `loan_search`: open, its id packable, its due date a date.
    static func holds(_ row: String) -> String {
        "(\(row)returned_on IS NULL AND \(row)id < \(SearchKey.firstUnpackedID) AND julianday(\(row)due_on) IS NOT NULL)"
    }

    /// Run by an import before it inserts: each loan inserted is noted (the triggers are gone).
    static let noteImportedLoans = """
        CREATE TEMP TABLE imported_loan (id INTEGER PRIMARY KEY);
        CREATE TEMP TRIGGER imported_loan_noted AFTER INSERT ON main.loan BEGIN
            INSERT INTO imported_loan (id) VALUES (NEW.id);
        END
        """

    /// Run by an import after it inserted: the loans noted join the index in one insert.
    static let indexImportedLoans = """
        INSERT INTO loan_search (rowid, title, counterparty, note)
            SELECT \(key("")), loans_fold(title), loans_fold(counterparty), loans_fold(note)
            FROM loan WHERE id IN (SELECT id FROM temp.imported_loan) AND \(holds(""))
            ORDER BY due_on, id;
        DROP TRIGGER temp.imported_loan_noted;
        DROP TABLE temp.imported_loan
        """
}

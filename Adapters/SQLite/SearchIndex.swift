/// The SQL that keeps the search index (`loan_search`, made by migration 5): which loans it
/// holds, under which rowid, and how a bulk import fills it.
///
/// Triggers keep it in step with every write, in the writer's own transaction. A bulk write (an
/// import, or the undo or redo of a large change) instead drops the triggers on `loan` (as it does for the per-day counts), notes in
/// temporary tables which loans it wrote and which index keys went stale, and brings the index up
/// to date with one delete and one insert at the end: FTS5 written a row at a time from a trigger
/// saves its pending terms at every statement, which made a million-loan import eight times
/// slower. Bulk inserts
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

    /// Run before a bulk write (with the triggers on `loan` dropped): each loan the write inserts,
    /// updates or deletes is noted, with the index key its old state had.
    static let noteBulkWrites = """
        CREATE TEMP TABLE written_loan (id INTEGER PRIMARY KEY);
        CREATE TEMP TABLE stale_search_key (key INTEGER PRIMARY KEY);
        CREATE TEMP TRIGGER written_loan_inserted AFTER INSERT ON main.loan BEGIN
            INSERT OR IGNORE INTO written_loan (id) VALUES (NEW.id);
        END;
        CREATE TEMP TRIGGER written_loan_updated AFTER UPDATE ON main.loan BEGIN
            INSERT OR IGNORE INTO written_loan (id) VALUES (NEW.id);
            INSERT OR IGNORE INTO stale_search_key (key) SELECT \(key("OLD.")) WHERE \(holds("OLD."));
        END;
        CREATE TEMP TRIGGER written_loan_deleted AFTER DELETE ON main.loan BEGIN
            INSERT OR IGNORE INTO stale_search_key (key) SELECT \(key("OLD.")) WHERE \(holds("OLD."));
        END
        """

    /// Run after a bulk write: the old states leave the index, and the loans written join it as
    /// they are now, in one insert in rowid order.
    static let indexBulkWrites = """
        DELETE FROM loan_search WHERE rowid IN (SELECT key FROM temp.stale_search_key);
        INSERT INTO loan_search (rowid, title, counterparty, note)
            SELECT \(key("")), loans_fold(title), loans_fold(counterparty), loans_fold(note)
            FROM loan WHERE id IN (SELECT id FROM temp.written_loan) AND \(holds(""))
            ORDER BY due_on, id;
        DROP TRIGGER temp.written_loan_inserted;
        DROP TRIGGER temp.written_loan_updated;
        DROP TRIGGER temp.written_loan_deleted;
        DROP TABLE temp.written_loan;
        DROP TABLE temp.stale_search_key
        """
}

import Foundation
import LoansAdapters
import LoansCore
import LoansTestSupport
import Testing

/// `loans list --search` on SQLite: an indexed text is answered from the search index (and the
/// returned loans' own index), by id, with nothing sorted but ids.
@Suite struct SQLiteListingTests {
    let folder: TemporaryFolder
    let path: String
    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("loans.db")
    }

    func listed(_ store: any LoanReading, _ selection: LoanSelection, _ text: String) throws -> [Int64] {
        var ids: [Int64] = []
        try store.loans(selection, containing: SearchText(text)) { ids.append($0.id.rawValue) }
        return ids
    }

    /// A loan taken out of the index by hand is not found among the open loans: the index, not a
    /// walk over the table, answers. Returned loans, which the index does not hold, are read.
    @Test func anIndexedTextIsAnsweredFromTheIndex() throws {
        try LoanDatabase.writer(at: SystemPath(path)!, author: .tester).seed([
            Sample.loan(1, due: 1, title: "Gödel one"), Sample.loan(2, due: -2, title: "Gödel two"),
            Sample.loan(3, due: 0, returned: -1, title: "Gödel three"), Sample.loan(4, due: 3, title: "Escher"),
        ])
        _ = try sqlite3(path, "DELETE FROM loan_search WHERE (rowid & 2199023255551) = 2")
        let store = try LoanDatabase.reader(at: SystemPath(path)!)
        #expect(try listed(store, .open, "GÖDEL") == [1])
        #expect(try listed(store, .all, "GÖDEL") == [1, 3])
        #expect(try listed(store, .returned, "gödel") == [3])
        #expect(try listed(store, .open, "gö") == [1, 2], "a short text reads the loans")
    }

    /// The listing's statements come out in id order without sorting loans: the index's matches
    /// as an `IN` list of ids, the returned loans through their own index.
    @Test func theListingSortsNothingButIDs() throws {
        _ = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        let indexed = try sqlite3(path, """
            EXPLAIN QUERY PLAN SELECT title FROM loan WHERE id IN (
                SELECT loan_search.rowid & 2199023255551 FROM loan_search WHERE loan_search MATCH '"abc"') ORDER BY id
            """)
        #expect(!indexed.contains("TEMP B-TREE") && indexed.contains("VIRTUAL TABLE"), "\(indexed)")
        let returned = try sqlite3(path, """
            EXPLAIN QUERY PLAN SELECT title FROM loan WHERE id IN (SELECT id FROM loan WHERE returned_on IS NOT NULL) ORDER BY id
            """)
        #expect(!returned.contains("TEMP B-TREE") && returned.contains("loan_returned"), "\(returned)")
    }
}

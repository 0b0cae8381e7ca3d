import LoansCore
@testable import LoansPostgres
import LoansTestSupport
import Testing

/// An import's loans and records reach the server as `COPY … FROM STDIN` text: the characters
/// that end a field or a row, or start an escape, are escaped; NUL is refused before anything is
/// sent; and what the server stores equals what was given, for hostile titles too.
@Suite struct PostgresCopyTests {
    static let hostile = [
        "tab\there", "new\nline", "carriage\rreturn", "back\\slash", "ends in backslash\\", "\\.", "\\N", "\\", "\\t not a tab",
        "line\n\\.\nafter", "crlf\r\n", "", "NULL", "{\"braces\",commas}", "émoji 👩‍👩‍👧 e\u{301}", "\u{7F}\u{1}\u{1B}[31m",
    ]

    @Test func fieldsAreEscapedForTheTextFormat() throws {
        var rows = PostgresCopyText()
        try rows.row(["a\tb", nil, "c\\d", "e\nf\rg", "\\.", ""])
        try rows.row(["\\N"])
        #expect(String(decoding: rows.bytes, as: UTF8.self) == "a\\tb\t\\N\tc\\\\d\te\\nf\\rg\t\\\\.\t\n\\\\N\n")
    }

    @Test func aValueWithNULIsRefused() throws {
        var rows = PostgresCopyText()
        let error = try #require(throws: PostgresError.self) { try rows.field("nul\u{0}byte") }
        #expect(error.sqlState == "22021" && error.message.contains("NUL"))
    }

    /// Hostile text survives the copy in: the loans and the import's records equal the document,
    /// and so do the loans after undo and redo of the import.
    @Test func hostileTextRoundTripsThroughAServer() throws {
        let database = try TestDatabase()
        let store = try database.writer()
        let loans = PostgresCopyTests.hostile.indices.map { index in
            var loan = Day.loan(Int64(index + 1))
            loan.title = PostgresCopyTests.hostile[index]
            loan.counterparty = PostgresCopyTests.hostile[(index + 5) % PostgresCopyTests.hostile.count]
            loan.note = index.isMultiple(of: 3) ? nil : PostgresCopyTests.hostile[(index + 7) % PostgresCopyTests.hostile.count]
            return loan
        }
        _ = try ImportLoans(store: store).run { visit in for loan in loans { try visit(loan) } }
        #expect(try ImportChecks.all(store) == loans)
        #expect(try database.psql("SELECT count(*) FROM loans.loan WHERE folded_title IS NULL OR folded_counterparty IS NULL") == "0")
        let change = try #require(try store.history(of: nil, limit: 1).first)
        var deltas: [LoanDelta] = []
        try store.deltas(of: change.id, loan: nil) { deltas.append($0) }
        #expect(deltas == loans.map { LoanDelta(id: $0.id, before: nil, after: $0) })
        _ = try UndoChange(store: store).run()
        #expect(try ImportChecks.all(store).isEmpty)
        _ = try RedoChange(store: store).run()
        #expect(try ImportChecks.all(store) == loans)
    }

    /// A NUL in a title past the first batch fails the import: nothing of it stays, the loans
    /// copied in before it included.
    @Test func anImportWithNULWritesNothing() throws {
        let database = try TestDatabase()
        let store = try database.writer()
        try store.add(Day.draft("Kept"))
        let before = try database.psql("SELECT string_agg(id || title, ',' ORDER BY id) FROM loans.loan; SELECT count(*) FROM loans.change")
        let error = try #require(throws: StoreError.self) {
            _ = try ImportLoans(store: store).run { visit in
                for id: Int64 in 10..<Int64(PostgresBulkChange.batchSize + 1100) {
                    var loan = Day.loan(id)
                    if id == Int64(PostgresBulkChange.batchSize + 1010) { loan.title = "nul\u{0}byte" }
                    try visit(loan)
                }
            }
        }
        #expect(error.message.contains("NUL"))
        #expect(try database.psql("SELECT string_agg(id || title, ',' ORDER BY id) FROM loans.loan; SELECT count(*) FROM loans.change") == before)
    }

    /// A loan the import writes twice, batches apart, keeps one record in the change: its state
    /// before the first write and after the last (a second record copied in would be refused).
    @Test func aLoanWrittenTwiceKeepsOneRecord() throws {
        let database = try TestDatabase()
        let store = try database.writer()
        var old = Day.loan(5)
        old.title = "Old"
        _ = try ImportLoans(store: store).run { visit in try visit(old) }
        var first = old, last = old
        first.title = "First"
        last.title = "Last"
        let document = [first] + (10..<Int64(PostgresBulkChange.batchSize + PostgresBulkChange.windowSize + 500)).map { Day.loan($0) } + [last]
        _ = try ImportLoans(store: store, conflicts: .replace).run { visit in for loan in document { try visit(loan) } }
        #expect(try store.loan(LoanID(5))?.title == "Last")
        let change = try #require(try store.history(of: nil, limit: 1).first)
        var deltas: [LoanDelta] = []
        try store.deltas(of: change.id, loan: LoanID(5)) { deltas.append($0) }
        #expect(deltas == [LoanDelta(id: LoanID(5), before: old, after: last)])
    }
}

extension PostgresCopyText {
    /// Appends a whole row.
    mutating func row(_ values: [String?]) throws(PostgresError) {
        for value in values { try field(value) }
        endRow()
    }
}

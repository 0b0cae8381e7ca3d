import Foundation
import LoansCore
@testable import LoansPostgres
import LoansTestSupport
import Testing

/// `loans list --search` on PostgreSQL: the text is looked for on the server, in the folded
/// copies — the open loans' through the trigram index — and only the matches travel.
@Suite struct PostgresListingTests {
    static func listed(_ store: any LoanReading, _ selection: LoanSelection, _ text: String) throws -> [Int64] {
        var ids: [Int64] = []
        try store.loans(selection, containing: SearchText(text)) { ids.append($0.id.rawValue) }
        return ids
    }

    /// The server answers from the folded copies (a copy changed by hand is what is searched,
    /// which no scan of the loans on the client would do), and the plans it logs (auto_explain)
    /// show the open loans' matches coming from `loan_open_search`. A table this small the
    /// planner would rather read whole or through the due-date index (at a million loans it takes
    /// the trigram index by itself: bench/listing), so the database loses that index and is told
    /// to read no table whole.
    @Test func aListingSearchIsAnsweredOnTheServerFromTheIndex() throws {
        let database = try TestDatabase()
        let store = try database.writer()
        let needle = "qz" + String(UInt32.random(in: 100_000...999_999))
        let loans = (1...20_000).map { id in
            var loan = Day.loan(Int64(id), due: Int(id % 40) - 20)
            loan.title = [7, 12_345, 19_999].contains(id) ? "Gödel, Escher, Bach \(needle.uppercased())" : "Book \(id)"
            if id == 19_999 { loan.returnedOn = Day.offset(-1) }
            return loan
        }
        _ = try ImportLoans(store: store).run { visit in for loan in loans { try visit(loan) } }
        try database.psql("UPDATE loans.loan SET folded_title = 'hidden' WHERE id IN (7, 19999); DROP INDEX loans.loan_open_by_due; ANALYZE loans.loan")
        try database.psql(["session_preload_libraries = 'auto_explain'", "auto_explain.log_min_duration = 0", "enable_seqscan = off"]
            .map { "ALTER DATABASE \(database.name) SET \($0)" }.joined(separator: "; "))
        let reader = try PostgresDatabase.reader(database.server.url(database.name, user: "postgres"), client: .tester)
        #expect(try PostgresListingTests.listed(reader, .open, needle) == [12_345], "loan 7's copy no longer holds the text")
        #expect(try PostgresListingTests.listed(reader, .all, needle) == [12_345], "nor does returned loan 19 999's")
        let log = try String(contentsOfFile: database.server.folder + "/server.log", encoding: .utf8)
        #expect(log.contains("DECLARE loans_listing") && log.contains("Bitmap Index Scan on loan_open_search"),
                "no plan searched loan_open_search for the listing: \(log.components(separatedBy: "DECLARE loans_listing").dropFirst().first?.prefix(1500) ?? "")")
    }

    /// After ANALYZE the statistics know that every title holds `book `: the index is asked for
    /// the rare part of `book 1234` (the plan's index condition is not the whole text), and the whole text is checked, so
    /// loans that hold only the rare part (`Shelf 1234`) are told apart exactly as a scan tells them.
    @Test func theIndexIsAskedForTheRarePartOfATextAndTheWholeIsChecked() throws {
        let database = try TestDatabase()
        let store = try database.writer()
        let loans = (1...20_000).map { id in
            var loan = Day.loan(Int64(id), due: Int(id % 40) - 20)
            loan.title = "Book \(id)"
            if id % 10 == 0 { loan.returnedOn = Day.offset(-1) }
            if id == 5 || id == 6 { loan.counterparty = "Shelf 1234" }  // the rare part without the rest
            return loan
        }
        _ = try ImportLoans(store: store).run { visit in for loan in loans { try visit(loan) } }
        try database.psql("DROP INDEX loans.loan_open_by_due; ANALYZE loans.loan")
        try database.psql(["session_preload_libraries = 'auto_explain'", "auto_explain.log_min_duration = 0", "enable_seqscan = off"]
            .map { "ALTER DATABASE \(database.name) SET \($0)" }.joined(separator: "; "))
        let reader = try PostgresDatabase.reader(database.server.url(database.name, user: "postgres"), client: .tester)
        for selection in [LoanSelection.open, .all] {
            let scan = loans.filter { (selection == .all || $0.isOpen) && SearchText("book 1234").matches($0) }.map(\.id.rawValue)
            #expect(try PostgresListingTests.listed(reader, selection, "BOOK 1234") == scan, "\(selection)")
        }
        let log = try String(contentsOfFile: database.server.folder + "/server.log", encoding: .utf8)
        #expect(log.contains("Bitmap Index Scan on loan_open_search") && !log.contains("Index Cond: (folded_title ~~ '%book 1234%'::text)"),
                "the index was asked for the whole text, whose `boo` every loan holds")
    }
}

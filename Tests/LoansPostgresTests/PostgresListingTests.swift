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
}

import Glibc
import LoansCore
@testable import LoansPostgres
import LoansTestSupport
import Testing

/// What searching adds on PostgreSQL to the store contract (which holds it to the answers):
/// folded copies kept by every write and made for the loans of an older database, the trigram
/// index answering a text of three characters or more, and the same answers where the server
/// will not let loans have pg_trgm.
@Suite struct PostgresSearchTests {
    static let everything = DueRange(from: nil, through: .latest)

    static func found(_ store: any LoanReading, _ text: String) throws -> [Int64] {
        var ids: [Int64] = []
        _ = try store.searchOpenLoans(SearchText(text), due: everything, beyond: nil, descending: false, limit: nil) { ids.append($0.id.rawValue) }
        return ids
    }

    /// A search of three characters or more asks the server with the folded text as an index
    /// condition of `loan_open_search`, the trigram index: the plans the server logs for this
    /// database (auto_explain) show it. A table this small the planner would rather walk in due
    /// order (at a million loans it takes the trigram index by itself: bench/run), so the
    /// database loses its due-order index and tells it to walk no index and read no table whole.
    @Test func aLongTextIsAnsweredFromTheTrigramIndex() throws {
        let database = try TestDatabase()
        let store = try database.writer()
        let needle = "qz" + String(UInt32.random(in: 100_000...999_999))
        let loans = (1...20_000).map { id in
            var loan = Day.loan(Int64(id), due: Int(id % 40) - 20)
            loan.title = id == 12_345 ? "Gödel, Escher, Bach \(needle.uppercased())" : "Book \(id)"
            return loan
        }
        _ = try ImportLoans(store: store).run { visit in for loan in loans { try visit(loan) } }
        try database.psql("DROP INDEX loans.loan_open_by_due; ANALYZE loans.loan")
        try database.psql(["session_preload_libraries = 'auto_explain'", "auto_explain.log_min_duration = 0", "enable_seqscan = off", "enable_indexscan = off"]
            .map { "ALTER DATABASE \(database.name) SET \($0)" }.joined(separator: "; "))
        // As the superuser, whom the server lets load auto_explain's settings.
        let reader = try PostgresDatabase.reader(database.server.url(database.name, user: "postgres"), client: .tester)
        #expect(try PostgresSearchTests.found(reader, needle) == [12_345])
        #expect(try PostgresSearchTests.found(reader, "ab") == [], "a short text walks (and the plan shows no trigram condition for it)")
        let log = try String(contentsOfFile: database.server.folder + "/server.log", encoding: .utf8)
        #expect(log.contains("Bitmap Index Scan on loan_open_search") && log.contains("Index Cond: (folded_title ~~ '%\(needle)%'::text)"),
                "no plan searched loan_open_search for \(needle)")
    }

    /// A text longer than `PostgresLoanStore.probedScalars` (a filter pasted whole) asks the
    /// trigram index for its start only — a pattern of every trigram of 10 000 characters costs
    /// the server more than the search — and checks the whole text on what the index hands over:
    /// the plans show the start as the index condition, and the answer is exact.
    @Test func aVeryLongTextAsksTheIndexForItsStart() throws {
        let database = try TestDatabase()
        let store = try database.writer()
        var random = SplitMix(seed: 3)
        let letters = Array("abcdefghijklmnopqrstuvwxyzé")
        let note = String((0..<6000).map { _ in random.next() % 7 == 0 ? " " : letters[Int(random.next() % UInt64(letters.count))] })
        let loans = (1...20_000).map { id in
            var loan = Day.loan(Int64(id), due: Int(id % 40) - 20)
            loan.title = "Book \(id)"
            loan.note = id == 12_345 ? note : (id == 777 ? String(note.prefix(3000)) : nil)
            return loan
        }
        _ = try ImportLoans(store: store).run { visit in for loan in loans { try visit(loan) } }
        try database.psql("DROP INDEX loans.loan_open_by_due; ANALYZE loans.loan")
        try database.psql(["session_preload_libraries = 'auto_explain'", "auto_explain.log_min_duration = 0", "enable_seqscan = off", "enable_indexscan = off"]
            .map { "ALTER DATABASE \(database.name) SET \($0)" }.joined(separator: "; "))
        let reader = try PostgresDatabase.reader(database.server.url(database.name, user: "postgres"), client: .tester)
        let needle = String(note.dropFirst(100).prefix(5000))
        #expect(try PostgresSearchTests.found(reader, needle) == [12_345])
        #expect(try PostgresSearchTests.found(reader, String(note.prefix(2000)) + "ZZZ") == [], "its start matches loan 777, the whole does not")
        let start = String(String.UnicodeScalarView(SearchText(needle).folded.unicodeScalars.prefix(PostgresLoanStore.probedScalars)))
        let log = try String(contentsOfFile: database.server.folder + "/server.log", encoding: .utf8)
        #expect(log.contains("Index Cond: (folded_note ~~ '%\(start)%'::text)"), "the index was not asked for the text's start")
        #expect(!log.contains("Index Cond: (folded_note ~~ '%\(SearchText(needle).folded)%'::text)"), "the index was asked for the whole text")
    }

    /// Across the stretches a search reads in due order and the index beyond them, the answers
    /// are Core's walk over every loan: a text in every third loan, in one loan in a thousand,
    /// in one loan far down the walk; forwards and backwards, from a key, with and without a limit.
    @Test func theWalkAndTheIndexAnswerAsCoreWould() throws {
        let database = try TestDatabase()
        let store = try database.writer()
        let loans = (1...12_000).map { id in
            var loan = Day.loan(Int64(id), due: Int(id % 60) - 30)
            loan.title = "Book \(id)" + (id.isMultiple(of: 3) ? " dense" : "") + (id.isMultiple(of: 1_000) ? " SPÄRSE" : "")
            loan.note = id == 11_999 ? "the only RARE one" : nil
            return loan
        }
        _ = try ImportLoans(store: store).run { visit in for loan in loans { try visit(loan) } }
        try database.psql("ANALYZE loans.loan")
        let reader = try PostgresDatabase.reader(database.url, client: .tester)
        var walk: [Loan] = []
        try reader.openLoans(due: PostgresSearchTests.everything, beyond: nil, descending: false, limit: nil) { walk.append($0) }
        let middle = DueOrderKey(walk[6_000])
        for text in ["DENSE", "spärse", "rare one", "no such text"] {
            for (key, descending, limit) in [(nil, false, nil), (nil, false, 50), (middle, false, 7), (middle, true, 40), (nil, true, nil)] as [(DueOrderKey?, Bool, Int?)] {
                var found: [Int64] = []
                _ = try reader.searchOpenLoans(SearchText(text), due: PostgresSearchTests.everything, beyond: key, descending: descending, limit: limit) {
                    found.append($0.id.rawValue)
                }
                let ordered = descending ? Array(walk.reversed()) : walk
                let rest = key.map { key in ordered.filter { descending ? DueOrderKey($0) < key : DueOrderKey($0) > key } } ?? ordered
                var expected: [Int64] = []
                try SearchText(text).walk(rest, limit: limit) { expected.append($0.id.rawValue) }
                #expect(found == expected, "\(text), beyond \(String(describing: key)), descending \(descending), limit \(String(describing: limit))")
            }
        }
    }

    /// A database of the fourth schema (before the folded copies): a reader searches it by
    /// walking the loans; the first write folds every stored loan, and the index answers.
    @Test func theFirstWriteFoldsTheLoansOfAnOlderDatabase() throws {
        let database = try TestDatabase()
        let statements = PostgresSchema.migrations[0...3].flatMap(\.statements)
        try database.psql(
            (["SET ROLE loans"] + statements).joined(separator: ";\n")
                + ";\nINSERT INTO loans.migration (version, name) SELECT v, 'old' FROM generate_series(1, 4) AS v"
                + ";\nINSERT INTO loans.loan (title, direction, counterparty, lent_on, due_on, note) VALUES "
                + "('GÖDEL, ESCHER, BACH', 'lent', 'Ann', '2026-11-01', '2026-12-01', NULL), "
                + "('Atlas', 'lent', 'STRAUSS', '2026-11-01', '2026-12-02', 'Signed by Gödel')"
        )
        #expect(try PostgresSearchTests.found(PostgresDatabase.reader(database.url, client: .tester), "gödel") == [1, 2])
        _ = try database.writer().add(Day.draft("Die Straße"))
        #expect(try database.psql("SELECT string_agg(folded_title || '|' || folded_counterparty || '|' || coalesce(folded_note, '-'), ',' ORDER BY id) FROM loans.loan")
            == "gödel, escher, bach|ann|-,atlas|strauss|signed by gödel,die strasse|ann|-")
        let reader = try PostgresDatabase.reader(database.url, client: .tester)
        #expect(try PostgresSearchTests.found(reader, "GÖDEL") == [1, 2])
        #expect(try PostgresSearchTests.found(reader, "STRASS") == [3])
    }

    /// A role that may not create extensions (no CREATE on the database: an administrator made
    /// the schema for it): the migration leaves the index out, and searches answer the same.
    @Test func withoutPgTrgmSearchesAnswerTheSame() throws {
        let server = try PostgresServer.shared()
        let name = try server.createDatabase()
        try server.psql(name, "ALTER DATABASE \(name) OWNER TO postgres; CREATE SCHEMA loans AUTHORIZATION loans")
        let url = server.url(name)
        let store = try PostgresDatabase.writer(url, author: .tester, waiting: .keepalive)
        #expect(try server.psql(name, "SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm'") == "0")
        #expect(try server.psql(name, "SELECT to_regclass('loans.loan_open_search') IS NULL") == "t")
        for title in ["Gödel, Escher, Bach", "50% off_sale", "Straße"] { _ = try store.add(Day.draft(title)) }
        #expect(try PostgresSearchTests.found(store, "GÖDEL") == [1])
        #expect(try PostgresSearchTests.found(store, "% o") == [2])
        #expect(try PostgresSearchTests.found(store, "f_s") == [2])
        #expect(try PostgresSearchTests.found(store, "STRASSE") == [3])
    }
}

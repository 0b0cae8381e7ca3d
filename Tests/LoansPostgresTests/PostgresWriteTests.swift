import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

/// Transactions, ids, imports and the per-day counts of the PostgreSQL store, checked against
/// what `psql` reads from the same database.
@Suite struct PostgresWriteTests {
    let database: TestDatabase
    let store: any LoanWriting

    init() throws {
        database = try TestDatabase()
        store = try PostgresDatabase.writer(database.url)
    }

    struct Stop: Error {}

    @Test func importKeepsFreeIDsAndRenumbersTakenOnes() throws {
        _ = try store.importLoans { insert in try insert(Day.loan(2)) }
        let outcome = try store.importLoans { insert in
            for id: Int64 in [1, 2, 30] { try insert(Day.loan(id, title: "new \(id)")) }
        }
        #expect(outcome == ImportOutcome(imported: 3, renumbered: 1))
        var titles: [Int64: String] = [:]
        try store.loans(.all) { titles[$0.id.rawValue] = $0.title }
        #expect(titles == [1: "new 1", 2: "Loan 2", 30: "new 30", 31: "new 2"])
        #expect(try database.psql("SELECT due_on || ':' || open_count FROM loans.open_due_day") == "\(Day.offset(1).iso):4")
        #expect(try store.add(Day.draft("After")) == LoanID(32))
    }

    @Test func importsOverManyBatchesKeepTheFirstOfTwoEqualIDs() throws {
        let outcome = try store.importLoans { insert in
            for id: Int64 in 1...1200 {
                try insert(Day.loan(id, due: Int(id % 9)))
                if id == 5 || id == 900 { try insert(Day.loan(id, title: "second \(id)")) }
            }
        }
        #expect(outcome == ImportOutcome(imported: 1202, renumbered: 2))
        #expect(try store.loan(LoanID(5))?.title == "Loan 5")
        #expect(try store.loan(LoanID(1201))?.title == "second 5")
        #expect(try store.loan(LoanID(1202))?.title == "second 900")
        #expect(try store.add(Day.draft("After")) == LoanID(1203))
        #expect(try database.psql("SELECT sum(open_count) FROM loans.open_due_day") == "1203")
    }

    @Test func idsAreNeverReusedAndImportsMoveTheSequencePastTheirs() throws {
        let first = try store.add(Day.draft("One"))
        let second = try store.add(Day.draft("Two"))
        #expect(try store.remove(second))
        #expect(try !store.remove(second))
        #expect(try store.add(Day.draft("Three")) == LoanID(3))
        _ = try store.importLoans { insert in try insert(Day.loan(100)) }
        #expect(try store.add(Day.draft("After 100")) == LoanID(101))
        _ = try store.importLoans { insert in try insert(Day.loan(50)) }
        #expect(try store.add(Day.draft("After 50")) == LoanID(102))
        #expect(first == LoanID(1))
    }

    @Test func anImportThatFailsWritesNothing() throws {
        _ = try store.add(Day.draft("Kept"))
        let query = "SELECT string_agg(id || title, ',' ORDER BY id) FROM loans.loan; SELECT string_agg(due_on || ':' || open_count, ',') FROM loans.open_due_day"
        let before = try database.psql(query)
        #expect(throws: Stop.self) {
            _ = try store.importLoans { insert in
                for id: Int64 in 10..<1500 { try insert(Day.loan(id, due: Int(id % 20) - 10)) }
                throw Stop()
            }
        }
        #expect(try database.psql(query) == before)
        #expect(try store.add(Day.draft("Next")) == LoanID(2))
    }

    @Test func aChangeThatThrowsIsRolledBack() throws {
        let id = try store.add(Day.draft("Kept"))
        #expect(throws: Stop.self) {
            _ = try store.modify(id) { loan in
                loan.title = "Changed"
                throw Stop()
            }
        }
        #expect(try store.loan(id)?.title == "Kept")
        #expect(try store.modify(LoanID(999)) { $0.title = "x" } == nil)
    }

    @Test func textKeepsEveryCharacterButNUL() throws {
        let titles = ["École — “quoted” 'single' \\ back", "tab\there\nnew line", "emoji 👩‍👩‍👧 e\u{301}", "100% _under_ %_", String(repeating: "ü", count: 500)]
        for title in titles {
            let id = try store.add(Day.draft(title, to: title))
            #expect(try store.loan(id)?.title == title)
            #expect(try store.loan(id)?.counterparty == title)
        }
        let error = try #require(throws: StoreError.self) { _ = try store.add(Day.draft("nul\u{0}byte")) }
        #expect(error.kind == .unavailable && error.message.contains("NUL"))
        #expect(try database.psql("SELECT count(*) FROM loans.loan") == String(titles.count))
    }

    /// The per-day counts behind the widget equal a plain count after any mix of writes.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func dayCountsMatchAPlainCountAfterRandomWrites(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        var ids: [LoanID] = []
        for step in 0..<300 {
            let due = Day.offset(Int(random.next() % 30) - 15)
            switch random.next() % 6 {
            case 0, 1:
                ids.append(try store.add(LoanDraft(title: "L\(step)", direction: .lent, counterparty: "A", lentOn: Day.offset(-20), dueOn: due)))
            case 2 where !ids.isEmpty:
                _ = try? RenewLoan(store: store).run(ids[Int(random.next() % UInt64(ids.count))], to: .date(due))
            case 3 where !ids.isEmpty:
                _ = try? ReturnLoan(store: store).run(ids[Int(random.next() % UInt64(ids.count))], on: Day.today)
            case 4 where !ids.isEmpty:
                _ = try store.remove(ids.remove(at: Int(random.next() % UInt64(ids.count))))
            case 5:
                _ = try store.importLoans { insert in try insert(Day.loan(Int64(1000 + step), due: Int(random.next() % 30) - 15)) }
            default:
                _ = try store.modify(ids.first ?? LoanID(1)) { $0.dueOn = due }
            }
        }
        let plain = try database.psql("SELECT due_on || ':' || count(*) FROM loans.loan WHERE returned_on IS NULL GROUP BY due_on ORDER BY due_on")
        #expect(try database.psql("SELECT due_on || ':' || open_count FROM loans.open_due_day ORDER BY due_on") == plain)
        let reader = try PostgresDatabase.reader(database.url)
        for from in stride(from: -16, through: 16, by: 4) {
            let range = DueRange(from: Day.offset(from), through: Day.offset(from + 6))
            var walked = 0
            try reader.openLoans(due: range, matching: nil, beyond: nil, descending: false, limit: nil) { _ in walked += 1 }
            #expect(try reader.countOpenLoans(due: range) == walked)
        }
    }
}

/// Search text matches as `LoanTextMatch` says — ASCII letters without regard to case, every
/// other character exactly — even in a database whose locale folds more (C.utf8 lowercases É).
@Suite struct PostgresTextMatchTests {
    @Test func matchesAsCoreDefinesWhateverTheLocale() throws {
        let database = try TestDatabase(locale: "C.utf8")
        #expect(try database.psql("SELECT lower('ÉCOLE')") == "école")
        let store = try PostgresDatabase.writer(database.url)
        let titles = ["École", "école", "STRASSE", "straße", "ǅungla", "İstanbul", "100% pure", "a_b", "Ωmega"]
        let loans = try titles.map { title in try store.loan(try store.add(Day.draft(title)))! }
        let everything = DueRange(from: nil, through: .latest)
        for needle in ["école", "ÉCOLE", "École", "cole", "COLE", "strasse", "STRAßE", "ǆ", "istanbul", "İST", "%", "_", "ωmega", "Ω", ""] {
            var found: [String] = []
            try store.openLoans(due: everything, matching: needle, beyond: nil, descending: false, limit: nil) { found.append($0.title) }
            let expected = loans.filter(LoanTextMatch(needle).matches).map(\.title)
            #expect(found == expected, "searching \(needle)")
        }
    }
}

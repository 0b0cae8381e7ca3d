import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

/// What the PostgreSQL store adds to the writes every store makes (the change contract holds it
/// to those): ids from a sequence that imports move past, imports that keep the per-day counts
/// themselves, and the counts exact after any mix of writes — checked with `psql`.
@Suite struct PostgresWriteTests {
    let database: TestDatabase
    let store: any LoanWriting

    init() throws {
        database = try TestDatabase()
        store = try database.writer()
    }

    struct Stop: Error {}

    static let dayCounts = "SELECT string_agg(due_on || ':' || open_count, ',' ORDER BY due_on) FROM loans.open_due_day"
    static let plainCounts = """
        SELECT string_agg(due_on || ':' || count, ',' ORDER BY due_on)
        FROM (SELECT due_on, count(*) FROM loans.loan WHERE returned_on IS NULL GROUP BY due_on) AS open
        """

    func importing(_ loans: [Loan], _ rule: ImportConflictRule = .refuse) throws -> ImportOutcome {
        try ImportLoans(store: store, conflicts: rule).run { visit in for loan in loans { try visit(loan) } }
    }

    @Test func importsMoveTheSequencePastTheirIDs() throws {
        #expect(try store.add(Day.draft("One")) == LoanID(1))
        #expect(try importing([Day.loan(100)]).added == 1)
        #expect(try store.add(Day.draft("After 100")) == LoanID(101))
        #expect(try importing([Day.loan(50)]).added == 1)
        #expect(try store.add(Day.draft("After 50")) == LoanID(102))
        #expect(try importing([Day.loan(100, title: "Taken")], .renumber).renumbered == 1)
        #expect(try store.loan(LoanID(103))?.title == "Taken")
    }

    /// An import keeps the counts itself (the triggers stand aside): after adding, replacing
    /// (moving due dates, returning) and renumbering loans they still equal a plain count, and
    /// the next ordinary write is counted by the triggers again.
    @Test func importsKeepTheDayCountsExact() throws {
        _ = try importing((1...1200).map { Day.loan($0, due: Int($0 % 9) - 4) })
        #expect(try database.psql(PostgresWriteTests.dayCounts) == (try database.psql(PostgresWriteTests.plainCounts)))
        var changed = (1...300).map { Day.loan($0, due: 20) }
        for index in stride(from: 0, to: changed.count, by: 3) { changed[index].returnedOn = Day.today }
        _ = try importing(changed + [Day.loan(2000, due: 30)], .replace)
        _ = try importing([Day.loan(5, due: 40)], .renumber)
        #expect(try database.psql(PostgresWriteTests.dayCounts) == (try database.psql(PostgresWriteTests.plainCounts)))
        _ = try RenewLoan(store: store).run(LoanID(2000), to: .date(Day.offset(31)))
        #expect(try database.psql(PostgresWriteTests.dayCounts) == (try database.psql(PostgresWriteTests.plainCounts)))
    }

    /// An import reads the table a window of ids at a time and writes in batches: documents in
    /// id order (as `json all` writes them) and in no order, over stored, removed (kept by the
    /// history) and new ids, and their undo and redo, answer as one loan at a time would.
    @Test(arguments: [false, true])
    func bulkChangesAnswerAsOneLoanAtATimeWould(shuffled: Bool) throws {
        _ = try importing((1...2500).map { Day.loan($0, due: Int($0 % 11) - 5) })
        let removed = [1200] + Array(1996...2005)
        for id in removed { try store.remove(LoanID(Int64(id))) }
        var document = (1...2600).map { Day.loan($0, due: Int($0 % 11) - 5) }
        var random = SplitMix(seed: 7)
        if shuffled { document.shuffle(using: &random) }
        let outcome = try importing(document, .renumber)
        #expect(outcome.unchanged == 2489 && outcome.added == 100 && outcome.renumbered == 11)
        for id in removed { #expect(try store.loan(LoanID(Int64(id))) == nil) }
        #expect(try database.psql("SELECT count(*), max(id) FROM loans.loan") == "2600|2611")
        #expect(try database.psql(PostgresWriteTests.dayCounts) == (try database.psql(PostgresWriteTests.plainCounts)))
        #expect(try UndoChange(store: store).run().change.loanCount == 111)
        #expect(try database.psql("SELECT count(*), max(id) FROM loans.loan") == "2489|2500")
        #expect(try database.psql(PostgresWriteTests.dayCounts) == (try database.psql(PostgresWriteTests.plainCounts)))
        _ = try RedoChange(store: store).run()
        #expect(try database.psql("SELECT count(*), max(id) FROM loans.loan") == "2600|2611")
    }

    @Test func anImportThatFailsWritesNothing() throws {
        try store.add(Day.draft("Kept"))
        let query = "SELECT string_agg(id || title, ',' ORDER BY id) FROM loans.loan; \(PostgresWriteTests.dayCounts); SELECT count(*) FROM loans.change"
        let before = try database.psql(query)
        #expect(throws: Stop.self) {
            _ = try ImportLoans(store: store).run { visit in
                for id: Int64 in 10..<1500 { try visit(Day.loan(id, due: Int(id % 20) - 10)) }
                throw Stop()
            }
        }
        #expect(try database.psql(query) == before)
    }

    @Test func aChangeThatThrowsIsRolledBack() throws {
        let id = try store.add(Day.draft("Kept"))
        #expect(throws: Stop.self) {
            try store.change(.edit) { writer in
                let kept = try #require(try writer.loan(id))
                var loan = kept
                loan.title = "Changed"
                try writer.update(from: kept, to: loan)
                throw Stop()
            }
        }
        #expect(try store.loan(id)?.title == "Kept")
        #expect(try store.history(of: id, limit: nil).map(\.kind) == [.add])
    }

    /// The server's own failure stays inside the store's, whole: a caller tells a unique
    /// violation by its SQLSTATE, not by the words.
    @Test func aFailureKeepsTheServersSQLState() throws {
        let id = try store.add(Day.draft("Taken"))
        let taken = try #require(try store.loan(id))
        let error = try #require(throws: StoreError.self) { try store.change(.add) { try $0.insert(taken) } }
        #expect(error.kind == .unavailable)
        #expect((error.underlying as? PostgresError)?.sqlState == "23505", "\(error)")
        #expect(try store.history(of: id, limit: nil).map(\.kind) == [.add], "nothing was written")
    }

    @Test func textKeepsEveryCharacterButNUL() throws {
        let titles = ["École — “quoted” 'single' \\ back", "tab\there\nnew line", "emoji 👩‍👩‍👧 e\u{301}", "100% _under_ %_", String(repeating: "ü", count: 500)]
        for title in titles {
            let id = try store.add(Day.draft(title, to: title))
            #expect(try store.loan(id)?.title == title)
            #expect(try store.loan(id)?.counterparty == title)
        }
        let error = try #require(throws: StoreError.self) { try store.add(Day.draft("nul\u{0}byte")) }
        #expect(error.kind == .unavailable && error.message.contains("NUL"))
        #expect(try database.psql("SELECT count(*) FROM loans.loan") == String(titles.count))
    }

    /// Bulk writes send each column as one array: every character survives them — inserted by
    /// an import, replaced by an import, taken back by undo and put back by redo — and the
    /// history holds each loan exactly, before and after.
    @Test func bulkWritesKeepEveryCharacter() throws {
        let texts = ["\"quoted\" and \\ back\\slash", "{braces},commas", "NULL", "", " spaced ", "tab\tnew\nline", "émoji 👩‍👩‍👧", "'single'"]
        let loans = texts.indices.map { index in
            var loan = Day.loan(Int64(index + 1))
            loan.title = texts[index]
            loan.counterparty = texts[(index + 3) % texts.count]
            loan.note = index.isMultiple(of: 2) ? texts[(index + 5) % texts.count] : nil
            return loan
        }
        _ = try importing(loans)
        #expect(try ImportChecks.all(store) == loans)
        let replaced = loans.map { loan in
            var changed = loan
            changed.title = loan.counterparty + "\\\""
            changed.note = loan.note == nil ? "NULL" : nil
            return changed
        }
        #expect(try importing(replaced, .replace).replaced == loans.count)
        #expect(try ImportChecks.all(store) == replaced)
        let change = try #require(try store.history(of: nil, limit: 1).first)
        var deltas: [LoanDelta] = []
        try store.deltas(of: change.id, loan: nil) { deltas.append($0) }
        #expect(deltas == zip(loans, replaced).map { LoanDelta(id: $0.id, before: $0, after: $1) })
        _ = try UndoChange(store: store).run()
        #expect(try ImportChecks.all(store) == loans)
        _ = try RedoChange(store: store).run()
        #expect(try ImportChecks.all(store) == replaced)
    }

    /// The per-day counts behind the widget equal a plain count after any mix of writes, undo
    /// and redo included.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func dayCountsMatchAPlainCountAfterRandomWrites(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        var ids: [LoanID] = []
        func any() -> LoanID { ids[Int(random.next() % UInt64(ids.count))] }
        for step in 0..<300 {
            let due = Int(random.next() % 30) - 15
            switch random.next() % 8 {
            case 0, 1:
                ids.append(try store.add(LoanDraft(title: "L\(step)", direction: .lent, counterparty: "A", lentOn: Day.offset(-20), dueOn: Day.offset(due))))
            case 2 where !ids.isEmpty:
                _ = try? RenewLoan(store: store).run(any(), to: .date(Day.offset(due)))
            case 3 where !ids.isEmpty:
                _ = try? ReturnLoan(store: store).run(any(), on: Day.today, today: Day.today)
            case 4 where !ids.isEmpty:
                _ = try? RemoveLoan(store: store).run(ids.remove(at: Int(random.next() % UInt64(ids.count))))
            case 5:
                _ = try importing([Day.loan(Int64(1000 + step), due: due)], .replace)
            case 6:
                _ = try? UndoChange(store: store).run(skippingBlocked: true)
            default:
                _ = try? RedoChange(store: store).run()
            }
        }
        #expect(try database.psql(PostgresWriteTests.dayCounts) == (try database.psql(PostgresWriteTests.plainCounts)))
        let reader = try PostgresDatabase.reader(database.url, client: .tester)
        for from in stride(from: -16, through: 16, by: 4) {
            let range = DueRange(from: Day.offset(from), through: Day.offset(from + 6))
            var walked = 0
            try reader.openLoans(due: range, beyond: nil, descending: false, limit: nil) { _ in walked += 1 }
            #expect(try reader.countOpenLoans(due: range) == walked)
        }
    }
}

/// Search text matches as Core's `SearchText` says — folded by Core, whatever the database's
/// locale folds (C.utf8 lowercases É but not ǅ to ǆ, nor ß to ss).
@Suite struct PostgresTextMatchTests {
    @Test func matchesAsCoreDefinesWhateverTheLocale() throws {
        let database = try TestDatabase(locale: "C.utf8")
        #expect(try database.psql("SELECT lower('ÉCOLE')") == "école")
        let store = try database.writer()
        let titles = ["École", "école", "STRASSE", "straße", "ǅungla", "İstanbul", "100% pure", "a_b", "Ωmega"]
        let loans = try titles.map { title in try store.loan(try store.add(Day.draft(title)))! }
        let everything = DueRange(from: nil, through: .latest)
        for needle in ["école", "ÉCOLE", "École", "cole", "COLE", "strasse", "STRAßE", "ǆ", "istanbul", "İST", "%", "_", "ωmega", "Ω", ""] {
            var found: [String] = []
            try store.searchOpenLoans(SearchText(needle), due: everything, beyond: nil, descending: false, limit: nil) {
                found.append($0.title)
            }
            let expected = loans.filter(SearchText(needle).matches).map(\.title)
            #expect(found == expected, "searching \(needle)")
        }
    }
}

/// Reading a whole store back.
enum ImportChecks {
    static func all(_ store: any LoanReading) throws -> [Loan] {
        var loans: [Loan] = []
        try store.loans(.all) { loans.append($0) }
        return loans
    }
}

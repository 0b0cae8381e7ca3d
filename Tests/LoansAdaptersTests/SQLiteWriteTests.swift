import Foundation
import LoansAdapters
import LoansCore
import LoansTestSupport
import Testing

/// Transactions, imports and the per-day counts of the SQLite store.
@Suite struct SQLiteWriteTests {
    let folder: TemporaryFolder
    let path: String
    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("loans.db")
    }

    struct Stop: Error {}

    @Test func aRenumberingImportKeepsFreeIDsAndRenumbersTakenOnes() throws {
        let store = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        try store.seed([Sample.loan(2, due: 1)])
        let outcome = try ImportLoans(store: store, conflicts: .renumber).run { visit in
            for id: Int64 in [1, 2, 30] { try visit(Sample.loan(id, due: 1, title: "new \(id)")) }
        }
        #expect(outcome.added == 2 && outcome.renumbered == 1 && outcome.conflicts == [LoanID(2)])
        var titles: [Int64: String] = [:]
        try store.loans(.all) { titles[$0.id.rawValue] = $0.title }
        #expect(titles == [1: "new 1", 2: "Loan 2", 30: "new 30", 31: "new 2"], "renumbered after every id the document gives")
        #expect(try sqlite3(path, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'") == "6")
        #expect(try sqlite3(path, "SELECT group_concat(due_on || ':' || open_count) FROM open_due_day") == "\(Sample.day(1).iso):4")
    }

    /// The undo and redo of a large import are written as the import is (triggers aside, counts
    /// and index once at the end): each restores the loans, the per-day counts and the search
    /// index exactly, and the triggers are back for the next write. (10 500 loans: more than the
    /// 10 000 from which an undo or redo is written in bulk.)
    @Test func undoAndRedoOfALargeImportRestoreExactly() throws {
        let store = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        let kept = try store.add(LoanDraft(title: "Kept Gödel", direction: .lent, counterparty: "A", lentOn: Sample.day(0), dueOn: Sample.day(1)))
        let loans = (2...Int64(10_501)).map { id in
            Sample.loan(id, due: Int(id % 13) - 6, returned: id.isMultiple(of: 10) ? 0 : nil, title: "Gödel \(id)")
        }
        _ = try ImportLoans(store: store).run { visit in for loan in loans { try visit(loan) } }
        let counts = "SELECT group_concat(due_on || ':' || open_count) FROM (SELECT * FROM open_due_day ORDER BY due_on)"
        let plain = "SELECT group_concat(due_on || ':' || n) FROM (SELECT due_on, count(*) AS n FROM loan WHERE returned_on IS NULL GROUP BY due_on ORDER BY due_on)"
        func found() throws -> [LoanID] {
            var ids: [LoanID] = []
            try store.searchOpenLoans(SearchText("GÖDEL"), due: DueRange(from: nil, through: .latest), beyond: nil, descending: false, limit: nil) {
                ids.append($0.id)
            }
            return ids.sorted()
        }
        func all() throws -> [Loan] {
            var stored: [Loan] = []
            try store.loans(.all) { stored.append($0) }
            return stored
        }
        let imported = try all()
        let openAfterImport = try found()
        #expect(openAfterImport.count == loans.filter(\.isOpen).count + 1)
        _ = try UndoChange(store: store).run()
        #expect(try all().map(\.id) == [kept])
        #expect(try found() == [kept])
        #expect(try sqlite3(path, counts) == "\(Sample.day(1).iso):1")
        #expect(try sqlite3(path, "SELECT count(*) FROM loan_search") == "1")
        #expect(try sqlite3(path, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'") == "6")
        _ = try RedoChange(store: store).run()
        #expect(try all() == imported)
        #expect(try found() == openAfterImport)
        #expect(try sqlite3(path, counts) == (try sqlite3(path, plain)))
        #expect(try sqlite3(path, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'") == "6")
        try store.remove(kept)
        #expect(try sqlite3(path, counts) == (try sqlite3(path, plain)))
    }

    @Test func anImportThatFailsWritesNothing() throws {
        let store = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        _ = try store.add(LoanDraft(title: "Kept", direction: .lent, counterparty: "A", lentOn: Sample.day(0), dueOn: Sample.day(1)))
        let before = try sqlite3(path, "SELECT group_concat(id || title) FROM loan; SELECT group_concat(due_on || open_count) FROM open_due_day")
        #expect(before == "1Kept\n\(Sample.day(1).iso)1")
        #expect(throws: Stop.self) {
            try store.change(.importDocument) { writer in
                for id: Int64 in 10..<500 { try writer.insert(Sample.loan(id, due: Int(id % 20) - 10)) }
                throw Stop()
            }
        }
        #expect(try sqlite3(path, "SELECT group_concat(id || title) FROM loan; SELECT group_concat(due_on || open_count) FROM open_due_day") == before)
    }

    @Test func aChangeThatThrowsIsRolledBack() throws {
        let store = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        let id = try store.add(LoanDraft(title: "Kept", direction: .lent, counterparty: "A", lentOn: Sample.day(0), dueOn: Sample.day(1)))
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
        #expect(try store.history(of: nil, limit: nil).count == 1)
    }

    /// The per-day counts behind the widget equal a plain count after any mix of writes.
    @Test(arguments: [1, 2, 3])
    func dayCountsMatchAPlainCountAfterRandomWrites(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let store = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        var ids: [LoanID] = []
        for step in 0..<400 {
            let due = Sample.day(Int(random.next() % 30) - 15)
            switch random.next() % 6 {
            case 0, 1:
                ids.append(try store.add(LoanDraft(title: "L\(step)", direction: .lent, counterparty: "A", lentOn: Sample.day(-20), dueOn: due)))
            case 2 where !ids.isEmpty:
                let id = ids[Int(random.next() % UInt64(ids.count))]
                _ = try? RenewLoan(store: store).run(id, to: .date(due))
            case 3 where !ids.isEmpty:
                let id = ids[Int(random.next() % UInt64(ids.count))]
                _ = try? ReturnLoan(store: store).run(id, on: Sample.day(0), today: Sample.day(0))
            case 4 where !ids.isEmpty:
                let id = ids.remove(at: Int(random.next() % UInt64(ids.count)))
                _ = try store.remove(id)
            case 5:
                try store.seed([Sample.loan(Int64(1000 + step), due: Int(random.next() % 30) - 15)])
            default:
                var edit = LoanEdit()
                edit.dueOn = due
                _ = try? EditLoan(store: store).run(ids.first ?? LoanID(1), edit)
            }
        }
        let plain = try sqlite3(path, "SELECT due_on || ':' || count(*) FROM loan WHERE returned_on IS NULL GROUP BY due_on ORDER BY due_on")
        let kept = try sqlite3(path, "SELECT due_on || ':' || open_count FROM open_due_day ORDER BY due_on")
        #expect(plain.split(separator: "\n").count > 5, "\(plain)")
        #expect(plain == kept)
        let reader = try LoanDatabase.reader(at: SystemPath(path)!)
        for from in stride(from: -16, through: 16, by: 4) {
            let range = DueRange(from: Sample.day(from), through: Sample.day(from + 6))
            var walked = 0
            try reader.openLoans(due: range, beyond: nil, descending: false, limit: nil) { _ in walked += 1 }
            #expect(try reader.countOpenLoans(due: range) == walked)
        }
    }
}

import Foundation
import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

/// Several connections at once: writers of one loan queue on its row instead of overwriting each
/// other, and a reader's snapshot does not move while others write.
@Suite struct PostgresConcurrencyTests {
    @Test func renewalsOfOneLoanFromManyConnectionsAllCount() throws {
        let database = try TestDatabase()
        let url = database.url
        let id = try PostgresDatabase.writer(url, author: .tester, waiting: .keepalive).add(Day.draft("Dune", due: 0))
        let clients = 6
        // Each renewal holds its transaction open a moment after reading, so they overlap for real:
        // without the row lock every one of them would read the same due date.
        let crowd = Crowd(clients) { _ in
            let store = try PostgresDatabase.writer(url, author: .tester, waiting: .keepalive)
            return {
                try store.change(.renew) { writer in
                    let read = try #require(try writer.loan(id))
                    usleep(50_000)
                    var loan = read
                    loan.previousDueDates.append(loan.dueOn)
                    loan.dueOn = loan.dueOn.adding(days: 1)!
                    try writer.update(from: read, to: loan)
                }
            }
        }
        #expect(crowd.finish() == [])
        let loan = try #require(try PostgresDatabase.reader(url, client: .tester).loan(id))
        #expect(loan.renewals == clients)
        #expect(loan.dueOn == Day.offset(clients))
        #expect(loan.previousDueDates == (0..<clients).map(Day.offset))
        #expect(try database.psql("SELECT due_on || ':' || open_count FROM loans.open_due_day") == "\(Day.offset(clients).iso):1")
        #expect(try PostgresDatabase.reader(url, client: .tester).history?.history(of: id, limit: nil).map(\.kind) == Array(repeating: .renew, count: clients) + [.add])
    }

    /// Once the largest id is taken, adds from many connections at once each get an id of their
    /// own below it: the free id is looked for and taken by one writer at a time.
    @Test func addsBelowTheLargestIDFromManyConnectionsNeverShareAnID() throws {
        let database = try TestDatabase()
        let url = database.url
        let writer = try PostgresDatabase.writer(url, author: .tester, waiting: .keepalive)
        _ = try writer.add(Day.draft("First", due: 0))
        try writer.seed([Loan(id: LoanID.maximum, title: "Last", direction: .lent, counterparty: "Sam", lentOn: Day.offset(0), dueOn: Day.offset(1))])
        let clients = 6
        let crowd = Crowd(clients) { index in
            let store = try PostgresDatabase.writer(url, author: .tester, waiting: .keepalive)
            return {
                for round in 0..<5 { _ = try AddLoan(store: store).run(Day.draft("Add \(index).\(round)", due: 2)) }
            }
        }
        #expect(crowd.finish() == [])
        var ids: [Int64] = []
        try PostgresDatabase.reader(url, client: .tester).loans(.all) { ids.append($0.id.rawValue) }
        #expect(ids == Array(1...Int64(1 + clients * 5)) + [LoanID.maximum.rawValue])
    }

    @Test func aSnapshotDoesNotMoveWhileAnotherConnectionWrites() throws {
        let database = try TestDatabase()
        let writer = try database.writer()
        _ = try writer.add(Day.draft("Overdue", due: -3))
        let reader = try PostgresDatabase.reader(database.url, client: .tester)
        let overdue = DueRange(from: nil, through: Day.offset(-1))
        try reader.snapshot {
            #expect(try reader.countOpenLoans(due: overdue) == 1)
            _ = try writer.add(Day.draft("Also overdue", due: -2))
            var edit = LoanEdit()
            edit.title = "Renamed"
            _ = try EditLoan(store: writer).run(LoanID(1), edit)
            #expect(try reader.countOpenLoans(due: overdue) == 1)
            var titles: [String] = []
            try reader.openLoans(due: overdue, beyond: nil, descending: false, limit: nil) { titles.append($0.title) }
            #expect(titles == ["Overdue"])
        }
        #expect(try reader.countOpenLoans(due: overdue) == 2)
        #expect(try reader.loan(LoanID(1))?.title == "Renamed")
    }

    @Test func readersSeeAnImportAllOrNothing() throws {
        let database = try TestDatabase()
        let url = database.url
        _ = try PostgresDatabase.writer(url, author: .tester, waiting: .keepalive)
        let reader = try PostgresDatabase.reader(url, client: .tester)
        let everything = DueRange(from: nil, through: .latest)
        let crowd = Crowd(1) { _ in
            let writer = try PostgresDatabase.writer(url, author: .tester, waiting: .keepalive)
            return { _ = try ImportLoans(store: writer).run { visit in for id: Int64 in 1...3000 { try visit(Day.loan(id)) } } }
        }
        crowd.release()
        var seen: Set<Int> = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !seen.contains(3000) {
            seen.insert(try reader.countOpenLoans(due: everything))
        }
        #expect(crowd.wait() == [])
        #expect(seen.isSubset(of: [0, 3000]) && seen.contains(3000), "readers saw \(seen.sorted())")
    }
}

import LoansAdapters
import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

/// One suite of expectations every store must meet, run against each implementation.
@Suite struct StoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, fixture, postgres
        var testDescription: String { rawValue }
    }

    /// A store holding `Sample.loans`, and the folder that keeps its file alive.
    func store(_ kind: Kind) throws -> (any LoanReading, TemporaryFolder) {
        let folder = try TemporaryFolder()
        switch kind {
        case .fixture:
            return (FixtureLoanStore(loans: Sample.loans), folder)
        case .sqlite:
            let path = folder.file("loans.db")
            let writer = try LoanDatabase.writer(at: path)
            _ = try writer.importLoans { insert in
                for loan in Sample.loans { try insert(loan) }
            }
            return (try LoanDatabase.reader(at: path), folder)
        case .postgres:
            let server = try PostgresServer.shared()
            let url = server.url(try server.createDatabase())
            _ = try PostgresDatabase.writer(url).importLoans { insert in
                for loan in Sample.loans { try insert(loan) }
            }
            return (try PostgresDatabase.reader(url), folder)
        }
    }

    func ids(_ body: ((Loan) throws -> Void) throws -> Void) rethrows -> [Int64] {
        var ids: [Int64] = []
        try body { ids.append($0.id.rawValue) }
        return ids
    }

    @Test(arguments: Kind.allCases)
    func findsLoansByID(_ kind: Kind) throws {
        let (store, _) = try store(kind)
        #expect(try store.loan(LoanID(4)) == Sample.loans[3])
        #expect(try store.loan(LoanID(12)) == Sample.loans[9])
        #expect(try store.loan(LoanID(10)) == nil)
        #expect(try store.loan(LoanID(Int64.max)) == nil)
    }

    @Test(arguments: Kind.allCases)
    func countsOpenLoansInRanges(_ kind: Kind) throws {
        let (store, _) = try store(kind)
        #expect(try store.countOpenLoans(due: DueRange(from: nil, through: Sample.day(-1))) == 3)
        #expect(try store.countOpenLoans(due: DueRange(from: Sample.day(0), through: Sample.day(7))) == 4)
        #expect(try store.countOpenLoans(due: DueRange(from: Sample.day(8), through: Sample.day(8))) == 1)
        #expect(try store.countOpenLoans(due: DueRange(from: nil, through: .latest)) == 8)
        #expect(try store.countOpenLoans(due: DueRange(from: Sample.day(9), through: Sample.day(8))) == 0)
    }

    @Test(arguments: Kind.allCases)
    func walksOpenLoansInDueOrder(_ kind: Kind) throws {
        let (store, _) = try store(kind)
        let everything = DueRange(from: nil, through: .latest)
        #expect(try ids { try store.openLoans(due: everything, matching: nil, beyond: nil, descending: false, limit: nil, $0) } == [8, 2, 3, 4, 9, 1, 6, 7])
        #expect(try ids { try store.openLoans(due: everything, matching: nil, beyond: nil, descending: false, limit: 2, $0) } == [8, 2])
        let after = DueOrderKey(dueOn: Sample.day(-5), id: LoanID(2))
        #expect(try ids { try store.openLoans(due: everything, matching: nil, beyond: after, descending: false, limit: 3, $0) } == [3, 4, 9])
        let soon = DueRange(from: Sample.day(0), through: Sample.day(7))
        #expect(try ids { try store.openLoans(due: soon, matching: nil, beyond: nil, descending: false, limit: nil, $0) } == [4, 9, 1, 6])
        #expect(try ids { try store.openLoans(due: soon, matching: nil, beyond: nil, descending: false, limit: 0, $0) } == [])
    }

    @Test(arguments: Kind.allCases)
    func pagesOpenLoansBothWaysAndByText(_ kind: Kind) throws {
        let (store, _) = try store(kind)
        let everything = DueRange(from: nil, through: .latest)
        func walk(_ range: DueRange, _ text: String?, _ key: DueOrderKey?, descending: Bool, _ limit: Int) throws -> [Int64] {
            try ids { try store.openLoans(due: range, matching: text, beyond: key, descending: descending, limit: limit, $0) }
        }
        let key = DueOrderKey(dueOn: Sample.day(0), id: LoanID(9))
        #expect(try walk(everything, nil, nil, descending: false, 100) == [8, 2, 3, 4, 9, 1, 6, 7])
        #expect(try walk(everything, nil, nil, descending: true, 3) == [7, 6, 1])
        #expect(try walk(everything, nil, key, descending: true, 3) == [4, 3, 2])
        #expect(try walk(everything, nil, key, descending: false, 2) == [1, 6])
        #expect(try walk(everything, nil, nil, descending: true, 0) == [])
        let soon = DueRange(from: Sample.day(0), through: Sample.day(7))
        #expect(try walk(soon, nil, nil, descending: true, 100) == [6, 1, 9, 4])
        #expect(try walk(soon, "LOAN", nil, descending: false, 100) == [4, 9, 1, 6])
        #expect(try walk(everything, "loan 1", nil, descending: false, 100) == [1])
        #expect(try walk(everything, "pARTY 2", nil, descending: true, 100) == [2])
        #expect(try walk(everything, "arty", key, descending: true, 2) == [4, 3])
        #expect(try walk(everything, "", nil, descending: false, 2) == [8, 2])
        #expect(try walk(everything, "%", nil, descending: false, 100) == [])
        #expect(try walk(everything, "Loan_", nil, descending: false, 100) == [])
    }

    @Test(arguments: Kind.allCases)
    func listsSelectionsByID(_ kind: Kind) throws {
        let (store, _) = try store(kind)
        #expect(try ids { try store.loans(.all, $0) } == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12])
        #expect(try ids { try store.loans(.open, $0) } == [1, 2, 3, 4, 6, 7, 8, 9])
        #expect(try ids { try store.loans(.returned, $0) } == [5, 12])
    }

    @Test(arguments: Kind.allCases)
    func answersTheAgendaUseCaseAlike(_ kind: Kind) throws {
        let (store, _) = try store(kind)
        let agenda = try AgendaQuery(store: store).agenda(DuePolicy(today: Sample.today, window: .standard))
        #expect(agenda.overdue.map(\.id.rawValue) == [8, 2, 3])
        #expect(agenda.dueSoon.map(\.id.rawValue) == [4, 9, 1, 6])
        let summary = try AgendaQuery(store: store).summary(DuePolicy(today: Sample.today, window: .standard))
        #expect(summary.overdueCount == 3 && summary.dueSoonCount == 4 && summary.mostUrgent?.id == LoanID(8))
    }
}

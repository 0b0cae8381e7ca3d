import LoansCore
import Testing

/// One set of expectations every store must meet, whatever its engine: each check is handed a
/// way to make the store under test holding some loans, and runs inside the calling test. Each
/// store's test target runs every check against its stores (`StoreContractTests`), so a new store
/// joins by adding one case there.
package struct StoreCheck: Sendable, CustomTestStringConvertible {
    /// Makes a fresh store holding exactly these loans (ids kept).
    package typealias MakeStore = ([Loan]) throws -> any LoanReading

    package let name: String
    let body: @Sendable (MakeStore) throws -> Void

    package var testDescription: String { name }

    /// Runs the check against the stores `make` builds.
    package func run(_ make: MakeStore) throws {
        try body(make)
    }
}

/// A check of the store contract that writes: each is handed a way to make a writable store.
package struct StoreWriteCheck: Sendable, CustomTestStringConvertible {
    /// Makes a fresh writable store holding exactly these loans (ids kept).
    package typealias MakeStore = ([Loan]) throws -> any LoanWriting

    package let name: String
    let body: @Sendable (MakeStore) throws -> Void

    package var testDescription: String { name }

    /// Runs the check against the stores `make` builds.
    package func run(_ make: MakeStore) throws {
        try body(make)
    }
}

/// The store contract: the bounded questions of the read port, answered alike by every store.
package enum StoreContract {
    package static let checks: [StoreCheck] = [
        StoreCheck(name: "finds loans by id", body: findsLoansByID),
        StoreCheck(name: "counts open loans in ranges", body: countsOpenLoansInRanges),
        StoreCheck(name: "walks open loans in due order", body: walksOpenLoansInDueOrder),
        StoreCheck(name: "pages open loans both ways", body: pagesOpenLoansBothWays),
        StoreCheck(name: "lists selections by id", body: listsSelectionsByID),
        StoreCheck(name: "answers the agenda use case alike", body: answersTheAgendaUseCaseAlike),
    ] + searchChecks + returnedChecks + listingChecks

    static func ids(_ body: ((Loan) throws -> Void) throws -> Void) rethrows -> [Int64] {
        var ids: [Int64] = []
        try body { ids.append($0.id.rawValue) }
        return ids
    }

    static func findsLoansByID(_ make: StoreCheck.MakeStore) throws {
        let store = try make(Sample.loans)
        #expect(try store.loan(LoanID(4)) == Sample.loans[3])
        #expect(try store.loan(LoanID(12)) == Sample.loans[9])
        #expect(try store.loan(LoanID(10)) == nil)
        #expect(try store.loan(LoanID(Int64.max)) == nil)
    }

    static func countsOpenLoansInRanges(_ make: StoreCheck.MakeStore) throws {
        let store = try make(Sample.loans)
        #expect(try store.countOpenLoans(due: DueRange(from: nil, through: Sample.day(-1))) == 3)
        #expect(try store.countOpenLoans(due: DueRange(from: Sample.day(0), through: Sample.day(7))) == 4)
        #expect(try store.countOpenLoans(due: DueRange(from: Sample.day(8), through: Sample.day(8))) == 1)
        #expect(try store.countOpenLoans(due: DueRange(from: nil, through: .latest)) == 8)
        #expect(try store.countOpenLoans(due: DueRange(from: Sample.day(9), through: Sample.day(8))) == 0)
    }

    static func walksOpenLoansInDueOrder(_ make: StoreCheck.MakeStore) throws {
        let store = try make(Sample.loans)
        let everything = DueRange(from: nil, through: .latest)
        #expect(try ids { try store.openLoans(due: everything, beyond: nil, descending: false, limit: nil, $0) } == [8, 2, 3, 4, 9, 1, 6, 7])
        #expect(try ids { try store.openLoans(due: everything, beyond: nil, descending: false, limit: 2, $0) } == [8, 2])
        let after = DueOrderKey(dueOn: Sample.day(-5), id: LoanID(2))
        #expect(try ids { try store.openLoans(due: everything, beyond: after, descending: false, limit: 3, $0) } == [3, 4, 9])
        let soon = DueRange(from: Sample.day(0), through: Sample.day(7))
        #expect(try ids { try store.openLoans(due: soon, beyond: nil, descending: false, limit: nil, $0) } == [4, 9, 1, 6])
        #expect(try ids { try store.openLoans(due: soon, beyond: nil, descending: false, limit: 0, $0) } == [])
    }

    static func pagesOpenLoansBothWays(_ make: StoreCheck.MakeStore) throws {
        let store = try make(Sample.loans)
        let everything = DueRange(from: nil, through: .latest)
        func walk(_ range: DueRange, _ key: DueOrderKey?, descending: Bool, _ limit: Int) throws -> [Int64] {
            try ids { try store.openLoans(due: range, beyond: key, descending: descending, limit: limit, $0) }
        }
        let key = DueOrderKey(dueOn: Sample.day(0), id: LoanID(9))
        #expect(try walk(everything, nil, descending: false, 100) == [8, 2, 3, 4, 9, 1, 6, 7])
        #expect(try walk(everything, nil, descending: true, 3) == [7, 6, 1])
        #expect(try walk(everything, key, descending: true, 3) == [4, 3, 2])
        #expect(try walk(everything, key, descending: false, 2) == [1, 6])
        #expect(try walk(everything, nil, descending: true, 0) == [])
        let soon = DueRange(from: Sample.day(0), through: Sample.day(7))
        #expect(try walk(soon, nil, descending: true, 100) == [6, 1, 9, 4])
        #expect(try walk(soon, DueOrderKey(dueOn: Sample.day(-30), id: LoanID(1)), descending: false, 100) == [4, 9, 1, 6])
        #expect(try walk(soon, DueOrderKey(dueOn: Sample.day(30), id: LoanID(1)), descending: true, 2) == [6, 1])
    }

    static func listsSelectionsByID(_ make: StoreCheck.MakeStore) throws {
        let store = try make(Sample.loans)
        #expect(try ids { try store.loans(.all, $0) } == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12])
        #expect(try ids { try store.loans(.open, $0) } == [1, 2, 3, 4, 6, 7, 8, 9])
        #expect(try ids { try store.loans(.returned, $0) } == [5, 12])
    }

    static func answersTheAgendaUseCaseAlike(_ make: StoreCheck.MakeStore) throws {
        let store = try make(Sample.loans)
        let policy = DuePolicy(today: Sample.today, window: .standard)
        let agenda = try AgendaQuery(store: store).agenda(policy)
        #expect(agenda.overdue.map(\.id.rawValue) == [8, 2, 3])
        #expect(agenda.dueSoon.map(\.id.rawValue) == [4, 9, 1, 6])
        let summary = try AgendaQuery(store: store).summary(policy)
        #expect(summary.overdueCount == 3 && summary.dueSoonCount == 4 && summary.mostUrgent?.id == LoanID(8))
    }
}

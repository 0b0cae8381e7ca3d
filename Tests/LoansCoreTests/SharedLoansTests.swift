import LoansCore
import LoansTestSupport
import Testing

/// What a share link shows one person: their open loans only (the whole name, folded), in due
/// order, each from their side under the owner's name, without the owner's note, renewals or
/// return — whether the store finds them through its search index (a name of three characters
/// or more) or by a walk (a shorter one).
@Suite struct SharedLoansTests {
    static func loan(_ id: Int64, _ title: String, _ direction: Direction, _ party: String, due: Int, returned: Int? = nil) -> Loan {
        Loan(
            id: LoanID(id), title: title, direction: direction, counterparty: party, lentOn: Sample.day(-30), dueOn: Sample.day(due),
            returnedOn: returned.map(Sample.day), note: "the owner's note", previousDueDates: [Sample.day(-10)]
        )
    }

    @Test(arguments: ["Straße", "Bo"])
    func onlyTheirOpenLoansFromTheirSide(_ name: String) throws {
        let store = MemoryStore(loans: [
            SharedLoansTests.loan(1, "Drill", .lent, name, due: 5), SharedLoansTests.loan(2, "Dune", .borrowed, name.uppercased(), due: -2),
            SharedLoansTests.loan(3, "Tent", .lent, name, due: 1, returned: 0), SharedLoansTests.loan(4, "Rope", .lent, name + " Jr", due: 0),
            SharedLoansTests.loan(5, "Kettle " + name, .lent, "Someone else", due: 0),
        ])
        var seen: [Loan] = []
        try SharedLoansQuery(store: store, person: name.lowercased(), owner: "Dana").walk { seen.append($0) }
        #expect(seen.map(\.id) == [LoanID(2), LoanID(1)], "their open loans, in due order")
        #expect(seen.map(\.direction) == [.lent, .borrowed], "from their side")
        #expect(seen.allSatisfy { $0.counterparty == "Dana" && $0.note == nil && $0.previousDueDates.isEmpty && $0.returnedOn == nil })
        #expect(seen.map(\.title) == ["Dune", "Drill"] && seen.map(\.dueOn) == [Sample.day(-2), Sample.day(5)])
    }

    @Test func aStoreInstantReadsBack() throws {
        for seconds: Int64 in [0, 1, 86_399, 86_400, 1_795_000_123, -1] {
            #expect(UTCTimestamp(secondsSinceEpoch: seconds)?.secondsSinceEpoch == seconds)
        }
        #expect(UTCTimestamp(secondsSinceEpoch: 1_795_000_123)?.description == "2026-11-18T11:08:43Z")  // date -u -d @1795000123
        #expect(UTCTimestamp(secondsSinceEpoch: -1)?.description == "1969-12-31T23:59:59Z")
        #expect(UTCTimestamp(secondsSinceEpoch: .max) == nil)
    }
}

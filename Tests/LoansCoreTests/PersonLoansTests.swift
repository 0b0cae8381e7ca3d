import LoansCore
import LoansTestSupport
import Testing

/// What is between you and one person, as their page shows it: their open loans both ways (the
/// whole name, folded), in due order, a page at a time from a key — through the search index for
/// a name of three characters or more, by a walk for a shorter one — and their newest returned
/// loans, at most a page of them, looked for among a bounded number of returns.
@Suite struct PersonLoansTests {
    static func store(_ name: String) -> MemoryStore {
        MemoryStore(loans: [
            SharedLoansTests.loan(1, "Drill", .lent, name, due: 5), SharedLoansTests.loan(2, "Dune", .borrowed, name.uppercased(), due: -2),
            SharedLoansTests.loan(3, "Tent", .lent, name, due: 1, returned: -1), SharedLoansTests.loan(4, "Rope", .lent, name + " Jr", due: 0),
            SharedLoansTests.loan(5, "Kettle " + name, .lent, "Someone else", due: 0), SharedLoansTests.loan(6, "Ladder", .borrowed, name, due: 5),
            SharedLoansTests.loan(7, "Saw", .borrowed, " " + name, due: 3, returned: -3), SharedLoansTests.loan(8, "Axe", .lent, "Someone else", due: 2, returned: 0),
        ])
    }

    @Test(arguments: ["Straße", "Bo"])
    func theirOpenLoansBothWaysInDueOrder(_ name: String) throws {
        let query = PersonLoansQuery(store: PersonLoansTests.store(name), person: name.lowercased())
        var seen: [LoanID] = []
        try query.open(beyond: nil, limit: nil) { seen.append($0.id) }
        #expect(seen == [LoanID(2), LoanID(1), LoanID(6)], "both directions, every spelling, the due date then the id")
        var page: [LoanID] = []
        try query.open(beyond: nil, limit: 2) { page.append($0.id) }
        #expect(page == [LoanID(2), LoanID(1)])
        var next: [LoanID] = []
        try query.open(beyond: DueOrderKey(dueOn: Sample.day(5), id: LoanID(1)), limit: 2) { next.append($0.id) }
        #expect(next == [LoanID(6)], "a page goes on after the key")
    }

    @Test(arguments: ["Straße", "Bo"])
    func theirNewestReturnsBounded(_ name: String) throws {
        let store = PersonLoansTests.store(name)
        let query = PersonLoansQuery(store: store, person: name)
        var seen: [LoanID] = []
        #expect(try query.returned(limit: 10, scanning: 100) { seen.append($0.id) })
        #expect(seen == [LoanID(3), LoanID(7)], "theirs only, newest return first")
        seen = []
        #expect(try query.returned(limit: 1, scanning: 100) { seen.append($0.id) })
        #expect(seen == [LoanID(3)], "at most the limit")
        seen = []
        store.visited = 0
        #expect(try !query.returned(limit: 10, scanning: 2) { seen.append($0.id) }, "the bound was reached before their returns were all seen")
        #expect(seen == [LoanID(3)] && store.visited <= 3, "the newest two returns only: \(store.visited) read")
    }

    /// A share link's walk is the person's open loans, seen from their side.
    @Test func aShareShowsTheOpenLoansOfTheirPage() throws {
        let store = PersonLoansTests.store("Kim")
        var page: [LoanID] = []
        try PersonLoansQuery(store: store, person: "kim").open(beyond: nil, limit: nil) { page.append($0.id) }
        var shared: [LoanID] = []
        try SharedLoansQuery(store: store, person: "KIM", owner: "Dana").walk { shared.append($0.id) }
        #expect(shared == page)
    }
}

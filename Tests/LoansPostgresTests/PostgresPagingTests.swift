import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

/// The PostgreSQL store reads walks a page (1 000 loans) a statement; a walk longer than that
/// goes on exactly where the page ended, in every order it is asked in.
@Suite struct PostgresPagingTests {
    let database: TestDatabase
    let store: any LoanWriting

    init() throws {
        database = try TestDatabase()
        store = try database.writer()
    }

    static func ids(_ body: ((Loan) throws -> Void) throws -> Void) rethrows -> [Int64] {
        var ids: [Int64] = []
        try body { ids.append($0.id.rawValue) }
        return ids
    }

    /// 2 600 loans, half of them returned, many on each day: the open walk both ways, from the
    /// start and from a key deep in it, the Returned walk both ways, and a search every title
    /// matches (past the walk, so the paged query answers it) — all as the memory store answers.
    @Test func walksLongerThanAPageAnswerAsTheMemoryStore() throws {
        let loans = (1...2_600).map { id in
            Sample.loan(Int64(id), due: id % 41 - 20, returned: id.isMultiple(of: 2) ? id % 13 - 30 : nil)
        }
        _ = try ImportLoans(store: store, conflicts: .refuse).run { visit in for loan in loans { try visit(loan) } }
        let memory = MemoryStore(loans: loans)
        let range = DueRange(from: nil, through: .latest)
        let deep = DueOrderKey(loans[1_300])  // #1301, open, due in the middle
        for descending in [false, true] {
            for key in [nil, deep] {
                let onServer = try Self.ids { try store.openLoans(due: range, beyond: key, descending: descending, limit: nil, $0) }
                let inMemory = try Self.ids { try memory.openLoans(due: range, beyond: key, descending: descending, limit: nil, $0) }
                #expect(onServer == inMemory && onServer.count > (key == nil ? 1_000 : 0), "descending \(descending), from \(String(describing: key))")
            }
            let returned = try Self.ids { try store.returnedLoans(beyond: nil, newestFirst: descending, limit: nil, $0) }
            #expect(returned == (try Self.ids { try memory.returnedLoans(beyond: nil, newestFirst: descending, limit: nil, $0) }))
            #expect(returned.count == 1_300)
            let text = SearchText("loan", walkBound: 100)
            let found = try Self.ids { _ = try store.searchOpenLoans(text, due: range, beyond: nil, descending: descending, limit: 1_200, $0) }
            let expected = try Self.ids { _ = try memory.searchOpenLoans(text, due: range, beyond: nil, descending: descending, limit: 1_200, $0) }
            #expect(found == expected && found.count == 1_200)
        }
    }
}

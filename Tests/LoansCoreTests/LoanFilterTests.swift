import LoansCore
import LoansTestSupport
import Testing

/// What `loans list` keeps: every condition given, text folded as every search is.
@Suite struct LoanFilterTests {
    @Test func aFilterKeepsWhatEveryConditionKeeps() {
        let today = CivilDate(iso: "2026-11-29")!
        func loan(_ title: String, _ direction: Direction, _ party: String, note: String? = nil) -> Loan {
            Loan(id: LoanID(1), title: title, direction: direction, counterparty: party, lentOn: today, dueOn: today, note: note)
        }
        let hobbit = loan("The Hobbit", .lent, "Alice")
        let dune = loan("Dune", .borrowed, "City Library", note: "Hardback, ÉDITION spéciale, Straße")
        #expect(LoanFilter(person: "alice").prepared().keeps(hobbit))
        #expect(LoanFilter(person: "ALICE").prepared().keeps(hobbit))
        #expect(!LoanFilter(person: "Ali").prepared().keeps(hobbit), "a person is the whole name")
        #expect(LoanFilter(direction: .borrowed).prepared().keeps(dune))
        #expect(!LoanFilter(direction: .borrowed).prepared().keeps(hobbit))
        #expect(LoanFilter(search: "édition").prepared().keeps(dune), "the note is searched")
        #expect(LoanFilter(search: "STRASSE").prepared().keeps(dune), "ß folds to ss")
        #expect(LoanFilter(search: "LIBRARY").prepared().keeps(dune), "the counterparty is searched")
        #expect(LoanFilter(search: "hob").prepared().keeps(hobbit))
        #expect(!LoanFilter(person: "Alice", search: "dune").prepared().keeps(hobbit))
        #expect(LoanFilter().prepared().keeps(hobbit))
    }
}

/// `loans list --search`: a text the index can answer is the store's to find, never a walk over
/// the selection; a shorter one reads a bounded number of loans and says so.
@Suite struct ListingSearchTests {
    let policy = DuePolicy(today: Sample.today, window: .standard)

    func listing(_ store: MemoryStore, _ selection: LoanSelection, _ filter: LoanFilter) throws -> (ids: [Int64], reach: ListingReach) {
        var ids: [Int64] = []
        let reach = try LoanLookup(store: store).list(selection, matching: filter, policy) { ids.append($0.id.rawValue) }
        return (ids, reach)
    }

    @Test func anIndexedTextIsTheStoresToFindWithoutAFullScan() throws {
        let store = MemoryStore(loans: (1...50).map { Sample.loan(Int64($0), due: $0 % 9 - 4, returned: $0 % 10 == 0 ? -1 : nil, title: "Book \($0)") })
        #expect(try listing(store, .all, LoanFilter(search: "BOOK 1")).ids == [1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
        #expect(try listing(store, .open, LoanFilter(direction: .lent, search: "book 2")).ids == [2, 22, 24, 26, 28])
        #expect(try listing(store, .returned, LoanFilter(person: "PARTY 30", search: "book")).ids == [30])
        #expect(store.fullScans == 0, "the listing walked the whole selection instead of asking the store's search")
        #expect(try listing(store, .all, LoanFilter(search: "")).ids.count == 50, "the empty text is no condition")
    }

    @Test func aShortTextReadsABoundedNumberOfLoansAndSaysSo() throws {
        let bound = SearchText.standardWalkBound
        let store = MemoryStore(loans: (1...(bound + 10)).map { Sample.loan(Int64($0), due: 1, title: $0 == 3 || $0 > bound ? "Ab \($0)" : "Book") })
        let short = try listing(store, .open, LoanFilter(search: "ab"))
        #expect(short.ids == [3] && short.reach == .stoppedAtBound(read: bound), "\(short.reach)")
        let small = MemoryStore(loans: (1...5).map { Sample.loan(Int64($0), due: 1, title: "Ab \($0)") })
        #expect(try listing(small, .open, LoanFilter(search: "ab")) == ([1, 2, 3, 4, 5], .complete), "a store within the bound is read whole")
        #expect(try listing(store, .open, LoanFilter(search: "ab ")).ids.count == 11, "three characters search every loan")
    }
}

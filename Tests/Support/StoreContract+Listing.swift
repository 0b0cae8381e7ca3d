import LoansCore
import Testing

/// The store contract's listing search (`loans list --search`): what `loans(_:containing:)`
/// answers, which must be exactly what reading the selection and testing each loan gives — the
/// same loans in the same id order — for indexed and short texts, open, returned and every loan,
/// ids too large for an index among them.
extension StoreContract {
    static let listingChecks: [StoreCheck] = [
        StoreCheck(name: "a listing's search finds what reading every loan finds, by id", body: listingSearchFindsWhatAScanFinds),
    ]

    static let listingWriteChecks: [StoreWriteCheck] = [
        StoreWriteCheck(name: "a listing's search follows returns, reopenings and edits", body: listingSearchFollowsWrites),
    ]

    /// The search loans, and returned ones beside loan 10: one whose id is too large to pack, one
    /// whose note matches, one between open loans by id.
    static let listingLoans = searchLoans + [
        loan(13, due: -5, "Escher, returned", returned: -1),
        loan(bigID + 1, due: -2, "Big Gödel, returned", party: "Huge", returned: -1),
        loan(14, due: 4, "Atlas two", note: "ESCHER's notes", returned: 0),
    ]

    static let listingTexts = [
        "GÖDEL", "gödel", "go\u{308}del", "STRASSE", "ẞ", "σοφία", "Escher", "👨‍👩", "東京物", "% \"O", "E_B", "xyz", "zdef",
        "BYTES AND", "returned", "student", "big one", "huge", "ö", "E", "京物", "%",
    ]

    /// What reading the selection and testing each loan gives.
    static func scanned(_ store: any LoanReading, _ selection: LoanSelection, _ text: SearchText) throws -> [Int64] {
        try ids { visit in try store.loans(selection) { if text.matches($0) { try visit($0) } } }
    }

    static func listed(_ store: any LoanReading, _ selection: LoanSelection, _ text: String) throws -> [Int64] {
        try ids { try store.loans(selection, containing: SearchText(text), $0) }
    }

    static func listingSearchFindsWhatAScanFinds(_ make: StoreCheck.MakeStore) throws {
        let store = try make(listingLoans)
        for text in listingTexts {
            for selection in [LoanSelection.open, .returned, .all] {
                #expect(try listed(store, selection, text) == scanned(store, selection, SearchText(text)), "\(text) in \(selection)")
            }
        }
        #expect(try listed(store, .all, "gödel") == [1, 3, 4, 10, bigID, bigID + 1, largestID])
        #expect(try listed(store, .open, "GÖDEL") == [1, 3, 4, bigID, largestID])
        #expect(try listed(store, .returned, "gödel") == [10, bigID + 1])
        #expect(try listed(store, .all, "escher") == [1, 12, 13, 14], "the notes of returned loans are searched")
        let policy = DuePolicy(today: Sample.today, window: .standard)
        func listing(_ selection: LoanSelection, _ filter: LoanFilter) throws -> [Int64] {
            var found: [Int64] = []
            try LoanLookup(store: store).list(selection, matching: filter, policy) { found.append($0.id.rawValue) }
            return found
        }
        #expect(try listing(.all, LoanFilter(person: "HUGE", search: "gödel")) == [bigID, bigID + 1])
        #expect(try listing(.all, LoanFilter(direction: .borrowed, search: "gödel")) == [])
        #expect(try listing(.open, LoanFilter(search: "")) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, bigID, largestID], "the empty text is no condition")
    }

    static func listingSearchFollowsWrites(_ make: StoreWriteCheck.MakeStore) throws {
        let store = try make([loan(1, due: 1, "Dune", party: "Frank"), loan(bigID, due: 2, "Big Dune", party: "Huge")])
        func edit(_ id: Int64, _ kind: ChangeKind, _ change: (inout Loan) -> Void) throws {
            try store.change(kind) { writer in
                guard let stored = try writer.loan(LoanID(id)) else { throw StoreError(.unavailable, "no loan \(id)") }
                var loan = stored
                change(&loan)
                try writer.update(from: stored, to: loan)
            }
        }
        #expect(try listed(store, .open, "DUNE") == [1, bigID])
        try edit(1, .returnLoan) { $0.returnedOn = Sample.day(0) }
        try edit(bigID, .returnLoan) { $0.returnedOn = Sample.day(0) }
        #expect(try listed(store, .open, "dune") == [])
        #expect(try listed(store, .returned, "dune") == [1, bigID])
        #expect(try listed(store, .all, "dune") == [1, bigID])
        try edit(1, .reopen) { $0.returnedOn = nil }
        try edit(1, .edit) { $0.title = "Emma" }
        #expect(try listed(store, .all, "dune") == [bigID])
        #expect(try listed(store, .open, "emma") == [1])
        #expect(try listed(store, .returned, "emma") == [])
    }
}

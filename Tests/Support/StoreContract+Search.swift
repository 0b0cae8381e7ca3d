import LoansCore
import Testing

/// The store contract's search and Returned-view questions: what `searchOpenLoans` and
/// `returnedLoans` answer, on loans chosen to catch a store that compares bytes instead of folded
/// text, looks across fields, treats `%` or `_` as wildcards, loses ids too large to pack, or
/// reads past a short text's bound.
extension StoreContract {
    static let searchChecks: [StoreCheck] = [
        StoreCheck(name: "search folds case for all of Unicode", body: searchFoldsCaseForAllOfUnicode),
        StoreCheck(name: "search keeps the walk's order, range, key and limit", body: searchKeepsTheWalk),
        StoreCheck(name: "search walks a short text no further than its bound", body: searchWalksAShortTextWithinItsBound),
    ]

    static let returnedChecks: [StoreCheck] = [
        StoreCheck(name: "walks returned loans newest first, both ways", body: walksReturnedLoansNewestFirst),
    ]

    /// The checks that need a store that writes.
    package static let writeChecks: [StoreWriteCheck] = [
        StoreWriteCheck(name: "search and the returned walk follow every write", body: searchFollowsEveryWrite),
    ] + listingWriteChecks

    /// An id past the first the SQLite index cannot pack (2^41), and the largest id loans accepts (2^53 − 1).
    package static let bigID: Int64 = (1 << 41) + 5
    package static let largestID: Int64 = 9_007_199_254_740_991

    static func loan(
        _ id: Int64, due: Int, _ title: String, party: String = "Someone", note: String? = nil, returned: Int? = nil
    ) -> Loan {
        Loan(
            id: LoanID(id), title: title, direction: .lent, counterparty: party, lentOn: Sample.day(-90),
            dueOn: Sample.day(due), returnedOn: returned.map(Sample.day), note: note
        )
    }

    /// Open loans in walk order: 1, 2, big, 8, 9, 3, 11, 4, 5, largest, 12, 6, 7; loan 10 is returned.
    package static let searchLoans: [Loan] = [
        loan(1, due: -3, "Gödel, Escher, Bach", party: "Hofstadter"),
        loan(2, due: -3, "Die Straße", party: "STRAUSS Verlag"),
        loan(3, due: 0, "Go\u{308}del's proof", party: "Nagel"),
        loan(4, due: 2, "Atlas", party: "Ana", note: "Signed by GÖDEL's student"),
        loan(5, due: 2, "ΣΟΦΊΑ", party: "Plato"),
        loan(6, due: 5, "50% \"off\" sale_book", party: "Shop"),
        loan(7, due: 9, "abcxy", party: "zdef"),
        loan(8, due: -1, "👨‍👩‍👧 family album", party: "Kin"),
        loan(9, due: -1, "東京物語", party: "小津"),
        loan(10, due: -3, "Gödel, returned", returned: -2),
        loan(11, due: 1, "Bytes and bits", party: "Zero"),
        loan(bigID, due: -3, "Gödel the big one", party: "Huge"),
        loan(largestID, due: 2, "GÖDEL max", party: "Max"),
        loan(12, due: 3, "Escher prints", party: "Gallery"),
    ]

    static let everything = DueRange(from: nil, through: .latest)

    static func search(
        _ store: any LoanReading, _ text: SearchText, _ range: DueRange = everything, beyond key: DueOrderKey? = nil,
        descending: Bool = false, limit: Int? = nil
    ) throws -> (ids: [Int64], reach: SearchReach) {
        var ids: [Int64] = []
        let reach = try store.searchOpenLoans(text, due: range, beyond: key, descending: descending, limit: limit) {
            ids.append($0.id.rawValue)
        }
        return (ids, reach)
    }

    static func found(_ store: any LoanReading, _ text: String) throws -> [Int64] {
        let answer = try search(store, SearchText(text))
        #expect(answer.reach == .complete, "searching \(text) stopped: \(answer.reach)")
        return answer.ids
    }

    static func searchFoldsCaseForAllOfUnicode(_ make: StoreCheck.MakeStore) throws {
        let store = try make(searchLoans)
        let gödel = [1, bigID, 3, 4, largestID]
        #expect(try found(store, "GÖDEL") == gödel)
        #expect(try found(store, "gödel") == gödel)
        #expect(try found(store, "go\u{308}del") == gödel)
        #expect(try found(store, "ö") == gödel)
        #expect(try found(store, "STRASSE") == [2])
        #expect(try found(store, "straße") == [2])
        #expect(try found(store, "ẞ") == [2])
        #expect(try found(store, "σοφία") == [5])
        #expect(try found(store, "Escher") == [1, 12])
        #expect(try found(store, "👨‍👩") == [8])
        #expect(try found(store, "東京物") == [9])
        #expect(try found(store, "京物") == [9])
        #expect(try found(store, "% \"O") == [6])
        #expect(try found(store, "E_B") == [6])
        #expect(try found(store, "Loan_") == [])
        #expect(try found(store, "%") == [6])
        #expect(try found(store, "xyz") == [], "a match never runs from one field into the next")
        #expect(try found(store, "zdef") == [7])
        #expect(try found(store, "BYTES AND") == [11])
        #expect(try found(store, "returned") == [], "returned loans are not searched")
        #expect(try found(store, "student") == [4], "notes are searched")
    }

    static func searchKeepsTheWalk(_ make: StoreCheck.MakeStore) throws {
        let store = try make(searchLoans)
        let gödel = SearchText("GÖDEL")
        #expect(try search(store, gödel, descending: true).ids == [largestID, 4, 3, bigID, 1])
        #expect(try search(store, gödel, limit: 2).ids == [1, bigID])
        #expect(try search(store, gödel, limit: 0).ids == [])
        let overdue = DueRange(from: nil, through: Sample.day(-1))
        let soon = DueRange(from: Sample.day(0), through: Sample.day(7))
        #expect(try search(store, gödel, overdue).ids == [1, bigID])
        #expect(try search(store, gödel, soon).ids == [3, 4, largestID])
        #expect(try search(store, gödel, soon, descending: true, limit: 1).ids == [largestID])
        let afterTwo = DueOrderKey(dueOn: Sample.day(-3), id: LoanID(2))
        #expect(try search(store, gödel, beyond: afterTwo, limit: 2).ids == [bigID, 3])
        #expect(try search(store, gödel, beyond: DueOrderKey(dueOn: Sample.day(2), id: LoanID(4)), descending: true).ids == [3, bigID, 1])
        #expect(try search(store, gödel, beyond: DueOrderKey(dueOn: Sample.day(-3), id: LoanID(bigID))).ids == [3, 4, largestID])
        #expect(try search(store, gödel, beyond: DueOrderKey(dueOn: Sample.day(2), id: LoanID(largestID)), descending: true, limit: 1).ids == [4])
        #expect(try search(store, gödel, soon, beyond: DueOrderKey(dueOn: Sample.day(-30), id: LoanID(1))).ids == [3, 4, largestID])
        #expect(try search(store, gödel, overdue, beyond: DueOrderKey(dueOn: Sample.day(30), id: LoanID(1)), descending: true).ids == [bigID, 1])
        #expect(try search(store, SearchText(""), limit: 3).ids == [1, 2, bigID], "the empty text matches every loan")
        #expect(try search(store, SearchText("ESCHER"), beyond: DueOrderKey(dueOn: Sample.day(-3), id: LoanID(1))).ids == [12])
    }

    static func searchWalksAShortTextWithinItsBound(_ make: StoreCheck.MakeStore) throws {
        let store = try make(searchLoans)
        let short = SearchText("Ö", walkBound: 3)
        #expect(!short.isIndexed && SearchText("Öd").isIndexed == false && SearchText("Öde").isIndexed)
        let first = try search(store, short)
        #expect(first.ids == [1, bigID])
        #expect(first.reach == .stoppedAtBound(after: DueOrderKey(dueOn: Sample.day(-3), id: LoanID(bigID))))
        let second = try search(store, short, beyond: DueOrderKey(dueOn: Sample.day(-3), id: LoanID(bigID)))
        #expect(second.ids == [3])
        #expect(second.reach == .stoppedAtBound(after: DueOrderKey(dueOn: Sample.day(0), id: LoanID(3))))
        let backwards = try search(store, short, descending: true)
        #expect(backwards.ids == [])
        #expect(backwards.reach == .stoppedAtBound(after: DueOrderKey(dueOn: Sample.day(3), id: LoanID(12))))
        let limited = try search(store, SearchText("e", walkBound: 3), limit: 1)
        #expect(limited.ids == [1] && limited.reach == .complete, "the limit reached first: the page is whole")
        let late = DueRange(from: Sample.day(5), through: Sample.day(9))
        let ended = try search(store, SearchText("o", walkBound: 3), late)
        #expect(ended.ids == [6] && ended.reach == .complete, "the range ended within the bound")
        let exact = try search(store, SearchText("x", walkBound: 2), late)
        #expect(exact.ids == [7] && exact.reach == .complete, "reading exactly the bound to the end is complete")
        let one = try search(store, SearchText("x", walkBound: 1), late)
        #expect(one.ids == [] && one.reach == .stoppedAtBound(after: DueOrderKey(dueOn: Sample.day(5), id: LoanID(6))))
    }

    static func walksReturnedLoansNewestFirst(_ make: StoreCheck.MakeStore) throws {
        let store = try make([
            loan(20, due: 0, "A", returned: -1), loan(21, due: 0, "B", returned: -1), loan(22, due: 0, "C", returned: -3),
            loan(23, due: 0, "D", returned: 0), loan(24, due: 0, "open"), loan(largestID, due: 0, "E", returned: -3),
        ])
        func walk(_ key: ReturnOrderKey?, newestFirst: Bool, _ limit: Int? = nil) throws -> [Int64] {
            try ids { try store.returnedLoans(beyond: key, newestFirst: newestFirst, limit: limit, $0) }
        }
        #expect(try walk(nil, newestFirst: true) == [23, 21, 20, largestID, 22])
        #expect(try walk(nil, newestFirst: false) == [22, largestID, 20, 21, 23])
        #expect(try walk(nil, newestFirst: true, 2) == [23, 21])
        #expect(try walk(nil, newestFirst: true, 0) == [])
        #expect(try walk(ReturnOrderKey(returnedOn: Sample.day(-1), id: LoanID(21)), newestFirst: true) == [20, largestID, 22])
        #expect(try walk(ReturnOrderKey(returnedOn: Sample.day(-1), id: LoanID(20)), newestFirst: false, 1) == [21])
        #expect(try walk(ReturnOrderKey(returnedOn: Sample.day(-2), id: LoanID(1)), newestFirst: true) == [largestID, 22])
        #expect(try ReturnedQuery(store: store).count(cap: 2) == 3)
        #expect(try ReturnedQuery(store: store).count(cap: 10) == 5)
    }

    static func searchFollowsEveryWrite(_ make: StoreWriteCheck.MakeStore) throws {
        let store = try make([loan(1, due: 1, "Dune", party: "Frank"), loan(2, due: 2, "Emma", party: "Jane")])
        func edit(_ id: Int64, _ kind: ChangeKind = .edit, _ change: (inout Loan) -> Void) throws {
            try store.change(kind) { writer in
                guard let stored = try writer.loan(LoanID(id)) else { throw StoreError(.unavailable, "no loan \(id)") }
                var loan = stored
                change(&loan)
                try writer.update(from: stored, to: loan)
            }
        }
        func returned() throws -> [Int64] {
            try ids { try store.returnedLoans(beyond: nil, newestFirst: true, limit: nil, $0) }
        }
        let added = try store.add(LoanDraft(
            title: "Gödel", direction: .lent, counterparty: "Kurt", lentOn: Sample.day(-9), dueOn: Sample.day(4), note: "Logik"
        )).rawValue
        #expect(added < bigID, "the loan added is one the index holds")
        try store.seed([loan(bigID, due: 2, "Big Gödel")])
        #expect(try found(store, "GÖDEL") == [bigID, added])
        #expect(try found(store, "LOGIK") == [added])
        try edit(added) { $0.title = "Escher"; $0.note = nil }
        #expect(try found(store, "gödel") == [bigID])
        #expect(try found(store, "logik") == [])
        #expect(try found(store, "escher") == [added])
        try edit(added, .renew) { $0.dueOn = Sample.day(-5) }
        #expect(try search(store, SearchText("escher"), DueRange(from: nil, through: Sample.day(-1))).ids == [added])
        #expect(try search(store, SearchText("escher"), DueRange(from: Sample.day(0), through: .latest)).ids == [])
        try edit(added, .returnLoan) { $0.returnedOn = Sample.day(0) }
        try edit(bigID, .returnLoan) { $0.returnedOn = Sample.day(-1) }
        #expect(try found(store, "escher") == [])
        #expect(try found(store, "gödel") == [])
        #expect(try returned() == [added, bigID])
        try edit(added, .reopen) { $0.returnedOn = nil }
        #expect(try found(store, "escher") == [added])
        #expect(try returned() == [bigID])
        #expect(try store.remove(LoanID(added)))
        #expect(try found(store, "escher") == [])
        try store.change(.importDocument) { writer in
            try writer.insert(loan(40, due: 0, "Escher again"))
            guard let dune = try writer.loan(LoanID(1)), let stored = try writer.loan(LoanID(2)) else { return }
            try writer.delete(dune)
            var emma = stored
            emma.title = "Emma, renamed"
            emma.dueOn = Sample.day(-2)
            try writer.update(from: stored, to: emma)
        }
        #expect(try found(store, "ESCHER") == [40], "an import's inserts are searched")
        #expect(try found(store, "dune") == [], "an import's deletes are not")
        #expect(try search(store, SearchText("renamed"), DueRange(from: nil, through: Sample.day(-1))).ids == [2])
        #expect(try found(store, "emma") == [2], "an import's updates replace the loan's old entry")
    }
}

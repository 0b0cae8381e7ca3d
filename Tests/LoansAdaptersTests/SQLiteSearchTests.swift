import Foundation
@testable import LoansAdapters
import LoansCore
import LoansTestSupport
import Testing

/// The SQLite search index: the same answers as the memory store when trigrams are common enough
/// to change the plan, an index that stays exact under every write, migration, and the walks'
/// use of their indexes.
@Suite struct SQLiteSearchTests {
    let folder: TemporaryFolder
    let path: String
    init() throws {
        folder = try TemporaryFolder()
        path = folder.file("loans.db")
    }

    static let parties = ["Alice", "Bob", "Kurt Gödel", "ÆRØ Bibliotek", "Straße 9", "東京", "Zoë"]

    /// 7 000 loans: every open title shares "book number ", so those trigrams are common (more than
    /// the index's rare threshold) and a search must choose a phrase from the rest of the text.
    static func manyLoans() -> [Loan] {
        (1...7000).map { index in
            Loan(
                id: LoanID(index == 7000 ? (1 << 41) + 1 : Int64(index)), title: "Book number \(index)", direction: .lent,
                counterparty: parties[index % parties.count], lentOn: Sample.day(-120),
                dueOn: Sample.day(index % 97 - 48), returnedOn: index % 10 == 0 ? Sample.day(-1) : nil,
                note: index % 7 == 0 ? "note \(index % 100)" : nil
            )
        }
    }

    @Test func searchAnswersAsTheMemoryStoreDoesWhenTrigramsAreCommon() throws {
        let loans = SQLiteSearchTests.manyLoans()
        try LoanDatabase.writer(at: SystemPath(path)!, author: .tester).seed(loans)
        let sqlite = try LoanDatabase.reader(at: SystemPath(path)!)
        let memory = MemoryStore(loans: loans)
        let texts = [
            "book", "BOOK NUMBER 6", "number 6999", "6999", "ber 12", "k number 1234", "gödel", "KURT GÖDEL", "ærø",
            "strasse", "note 42", "zzz", "東京", "o", "ö", "77", "7000",
        ]
        let ranges = [
            DueRange(from: nil, through: .latest), DueRange(from: nil, through: Sample.day(-1)),
            DueRange(from: Sample.day(0), through: Sample.day(7)),
        ]
        let middle = DueOrderKey(dueOn: Sample.day(-10), id: LoanID(3500))
        for text in texts {
            let search = SearchText(text, walkBound: 700)
            for range in ranges {
                for (key, descending, limit) in [(nil, false, 25), (nil, true, nil), (middle, false, nil), (middle, true, 30)] {
                    func answer(_ store: any LoanReading) throws -> ([Int64], SearchReach) {
                        var ids: [Int64] = []
                        let reach = try store.searchOpenLoans(search, due: range, beyond: key, descending: descending, limit: limit) {
                            ids.append($0.id.rawValue)
                        }
                        return (ids, reach)
                    }
                    let expected = try answer(memory)
                    let found = try answer(sqlite)
                    #expect(found.0 == expected.0, "\(text) \(range) \(String(describing: key)) \(descending) \(String(describing: limit))")
                    #expect(found.1 == expected.1, "\(text) \(range) \(String(describing: key)) \(descending)")
                }
            }
        }
    }

    /// The index holds exactly the open loans, folded, under their packed keys, after any mix of writes.
    @Test(arguments: [1, 2, 3])
    func theIndexMatchesTheLoansAfterRandomWrites(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let store = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        let titles = ["Gödel", "STRASSE", "Straße", "ΣΟΦΊΑ", "Go\u{308}del", "東京物語", "👨‍👩‍👧 album", "plain"]
        func title() -> String { titles[Int(random.next() % UInt64(titles.count))] + " \(random.next() % 100)" }
        func edit(_ id: LoanID, _ change: (inout Loan) -> Void) throws {
            try store.change(.edit) { writer in
                guard let stored = try writer.loan(id) else { return }
                var loan = stored
                change(&loan)
                try writer.update(from: stored, to: loan)
            }
        }
        var ids: [LoanID] = []
        for step in 0..<300 {
            let due = Sample.day(Int(random.next() % 30) - 15)
            let id = ids.isEmpty ? LoanID(1) : ids[Int(random.next() % UInt64(ids.count))]
            switch random.next() % 8 {
            case 0, 1:
                ids.append(try store.add(LoanDraft(title: title(), direction: .lent, counterparty: title(), lentOn: Sample.day(-20), dueOn: due)))
            case 2: try edit(id) { $0.dueOn = due }
            case 3: try edit(id) { $0.returnedOn = Sample.day(0) }
            case 4: try edit(id) { $0.returnedOn = nil }
            case 5: try edit(id) { $0.title = title(); $0.note = random.next() % 2 == 0 ? nil : title() }
            case 6 where !ids.isEmpty: _ = try store.remove(ids.remove(at: Int(random.next() % UInt64(ids.count))))
            default:
                let fresh = Loan(id: LoanID(Int64(5000 + step)), title: title(), direction: .borrowed, counterparty: title(),
                                 lentOn: Sample.day(-20), dueOn: due, note: title())
                let renamed = title()
                let dropped = ids.count > 3 ? ids.remove(at: Int(random.next() % UInt64(ids.count))) : nil
                try store.change(.importDocument) { writer in
                    try writer.insert(fresh)
                    if let stored = try writer.loan(id), stored.id != dropped {
                        var loan = stored
                        loan.title = renamed
                        loan.dueOn = due
                        try writer.update(from: stored, to: loan)
                    }
                    if let dropped, let stored = try writer.loan(dropped) { try writer.delete(stored) }
                }
            }
        }
        var expected: [String] = []
        try store.loans(.open) { loan in
            let key = Int64(loan.dueOn.dayNumber) << 41 | loan.id.rawValue
            let fields = [loan.title, loan.counterparty, loan.note ?? ""].map(TextFolding.folded)
            expected.append(([String(key)] + fields).joined(separator: "|"))
        }
        expected.sort { Int64($0.prefix { $0 != "|" })! < Int64($1.prefix { $0 != "|" })! }
        let indexed = try sqlite3(path, "SELECT rowid || '|' || title || '|' || counterparty || '|' || coalesce(note, '') FROM loan_search ORDER BY rowid")
        #expect(indexed.split(separator: "\n").map(String.init) == expected)
    }

    /// A database of the previous schema (no search index) gets one from its first write, built
    /// from the loans it holds; until then its readers search loan by loan.
    @Test func anOlderDatabaseIsSearchedAndThenIndexed() throws {
        let loans = StoreContract.searchLoans
        try LoanDatabase.writer(at: SystemPath(path)!, author: .tester).seed(loans)
        _ = try sqlite3(path, """
            DROP TABLE loan_search; DROP INDEX loan_open_big; DROP INDEX loan_returned;
            DROP TRIGGER loan_search_added; DROP TRIGGER loan_search_removed; DROP TRIGGER loan_search_changed;
            DROP TABLE account; DROP TABLE web_session; DROP TABLE sign_in_link; DROP TABLE api_token; DROP TABLE sign_in_attempt; DROP TABLE share_link; DROP TABLE calendar_feed; DROP TABLE person; DROP TABLE change_person;
            """)
        #expect(try sqlite3(path, "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'loan_search%'") == "0")
        let memory = MemoryStore(loans: loans)
        func gödel(_ store: any LoanReading) throws -> [Int64] {
            var ids: [Int64] = []
            try store.searchOpenLoans(SearchText("GÖDEL"), due: DueRange(from: nil, through: .latest), beyond: nil, descending: false, limit: nil) {
                ids.append($0.id.rawValue)
            }
            return ids
        }
        #expect(try gödel(LoanDatabase.reader(at: SystemPath(path)!)) == gödel(memory))
        _ = try sqlite3(path, "ALTER TABLE reminder_sent DROP COLUMN sent_on; PRAGMA user_version = 4")
        _ = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        #expect(try sqlite3(path, "PRAGMA user_version") == String(Migrations.latestVersion))
        #expect(try sqlite3(path, "SELECT count(*) FROM loan_search") == "\(loans.filter { $0.isOpen && $0.id.rawValue < 1 << 41 }.count)")
        #expect(try gödel(LoanDatabase.reader(at: SystemPath(path)!)) == gödel(memory))
    }

    /// U+0000 (which SQLite keeps in a text and FTS5's trigram tokenizer takes for its end) folds to
    /// U+FFFD, so a title holding it is indexed whole and found by any part of it.
    @Test func aTitleHoldingNULIsSearchedWhole() throws {
        let store = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        try store.seed([Sample.loan(1, due: 1, title: "nul\u{0}byte title"), Sample.loan(2, due: 2, title: "other")])
        func found(_ text: String) throws -> [Int64] {
            var ids: [Int64] = []
            try store.searchOpenLoans(SearchText(text), due: DueRange(from: nil, through: .latest), beyond: nil, descending: false, limit: nil) {
                ids.append($0.id.rawValue)
            }
            return ids
        }
        #expect(try found("l\u{0}b") == [1])
        #expect(try found("\u{0}BYTE") == [1])
        #expect(try found("byte title") == [1])
        #expect(try found("l\u{FFFD}b") == [1])
    }

    /// A long text (a filter pasted whole: up to 10 000 characters) probes only the first
    /// `SearchPhrase.probedTrigrams` of its trigrams to choose a phrase — one query each, so a
    /// text of every length costs the same to start — and still finds exactly where it occurs.
    @Test func aLongTextProbesABoundedNumberOfTrigrams() throws {
        var random = SplitMix(seed: 5)
        let letters = Array("abcdefghijklmnopqrstuvwxyzéü界")
        func word() -> String { String((0..<(3 + Int(random.next() % 6))).map { _ in letters[Int(random.next() % UInt64(letters.count))] }) }
        func text(_ count: Int) -> String { (0..<count).map { _ in word() }.joined(separator: " ") }
        let note = text(2400)
        var loans = SQLiteSearchTests.manyLoans()
        loans.append(Loan(
            id: LoanID(9001), title: "Long note", direction: .lent, counterparty: "Alice", lentOn: Sample.day(-120), dueOn: Sample.day(3),
            note: note
        ))
        let writer = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        try writer.seed(loans)
        let store = try #require(try LoanDatabase.reader(at: SystemPath(path)!) as? SQLiteLoanStore)
        let memory = MemoryStore(loans: loans)
        let start = note.index(note.startIndex, offsetBy: 300)
        for needle in [String(note[start...].prefix(8000)), String(note.prefix(5000)) + "x", text(1500)] {
            let search = SearchText(needle)
            #expect(search.folded.unicodeScalars.count > 1000)
            store.trigramCounts.removeAll()
            func found(_ store: any LoanReading) throws -> [Int64] {
                var ids: [Int64] = []
                try store.searchOpenLoans(search, due: DueRange(from: nil, through: .latest), beyond: nil, descending: false, limit: nil) {
                    ids.append($0.id.rawValue)
                }
                return ids
            }
            #expect(try found(store) == found(memory))
            #expect(store.trigramCounts.count <= SearchPhrase.probedTrigrams, "\(store.trigramCounts.count) trigrams probed")
        }
    }

    /// The walks read their indexes in order: no sorting of matches or of returned loans.
    @Test func theWalksReadTheirIndexesInOrder() throws {
        _ = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        let returned = try sqlite3(path, "EXPLAIN QUERY PLAN SELECT id FROM loan WHERE returned_on IS NOT NULL AND (returned_on, id) < ('2026-11-29', 3) ORDER BY returned_on DESC, id DESC LIMIT 5")
        #expect(returned.contains("loan_returned") && !returned.contains("TEMP B-TREE"), "\(returned)")
        let search = try sqlite3(path, """
            EXPLAIN QUERY PLAN SELECT loan.title FROM loan_search JOIN loan ON loan.id = (loan_search.rowid & 2199023255551)
            WHERE loan_search MATCH '"abc"' AND loan_search.rowid >= 1 AND loan_search.rowid <= 99 ORDER BY loan_search.rowid DESC LIMIT 5
            """)
        #expect(!search.contains("TEMP B-TREE") && search.contains("VIRTUAL TABLE"), "\(search)")
    }
}

extension SQLiteSearchTests {
    struct Stop: Error {}

    /// An import indexes just the loans it inserted, in one go; one that fails leaves the index
    /// as it was, and the next import on the same connection works.
    @Test func importsIndexTheirLoansAndAFailedOneLeavesNoTrace() throws {
        let store = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        try store.seed([Sample.loan(1, due: 1, title: "Gödel")])
        #expect(throws: Stop.self) {
            try store.change(.importDocument) { writer in
                try writer.insert(Sample.loan(2, due: 1, title: "Gödel two"))
                throw Stop()
            }
        }
        try store.seed([
            Sample.loan(5, due: 2, title: "Gödel five"), Sample.loan(3, due: 3, returned: 0, title: "Gödel three"),
            Sample.loan(4, due: 4, title: "Gödel four"),
        ])
        var found: [String] = []
        try store.searchOpenLoans(SearchText("GÖDEL"), due: DueRange(from: nil, through: .latest), beyond: nil, descending: false, limit: nil) {
            found.append("\($0.id):\($0.title)")
        }
        #expect(found == ["1:Gödel", "5:Gödel five", "4:Gödel four"])
        #expect(try sqlite3(path, "SELECT count(*) FROM loan_search") == "3")
        #expect(try sqlite3(path, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'") == "6")
    }
}

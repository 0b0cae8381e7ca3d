import LoansCore
import LoansTUI

/// An in-memory store for the TUI's tests: answers Core's bounded questions from a sorted
/// list and counts the loans it hands out, so tests can see that a key reads only a page.
final class MemoryStore: LoanWriting {
    private(set) var rows: [LoanID: Loan] = [:]
    private var nextID: Int64 = 1
    private var ordered: [Loan]?
    /// Loans handed to callers by range walks, since the last reset.
    var visited = 0
    /// When set, every read fails with this error (an unreadable database).
    var failure: StoreError?

    private var openByDue: [Loan] {
        if let ordered { return ordered }
        let sorted = rows.values.filter(\.isOpen).sorted { ($0.dueOn, $0.id) < ($1.dueOn, $1.id) }
        ordered = sorted
        return sorted
    }

    private func check() throws {
        if let failure { throw failure }
    }

    func snapshot<T>(_ body: () throws -> T) throws -> T {
        try check()
        return try body()
    }

    func loan(_ id: LoanID) throws -> Loan? {
        try check()
        return rows[id]
    }

    func countOpenLoans(due range: DueRange) throws -> Int {
        try check()
        return openByDue.lazy.filter { range.contains($0.dueOn) }.count
    }

    func openLoans(due range: DueRange, after: DueOrderKey?, limit: Int?, _ visit: (Loan) throws -> Void) throws {
        try openLoans(due: range, matching: nil, beyond: after, descending: false, limit: limit ?? Int.max, visit)
    }

    func openLoans(
        due range: DueRange, matching text: String?, beyond key: DueOrderKey?, descending: Bool, limit: Int,
        _ visit: (Loan) throws -> Void
    ) throws {
        try check()
        let match = text.map(LoanTextMatch.init)
        var remaining = limit
        let loans = descending ? Array(openByDue.reversed()) : openByDue
        for loan in loans where remaining > 0 && range.contains(loan.dueOn) && (match?.matches(loan) ?? true) {
            let own = DueOrderKey(dueOn: loan.dueOn, id: loan.id)
            if let key, descending ? own >= key : own <= key { continue }
            visited += 1
            remaining -= 1
            try visit(loan)
        }
    }

    func loans(_ selection: LoanSelection, _ visit: (Loan) throws -> Void) throws {
        try check()
        for loan in rows.values.sorted(by: { $0.id < $1.id }) where selection == .all || (selection == .open) == loan.isOpen {
            try visit(loan)
        }
    }

    func add(_ draft: LoanDraft) throws -> LoanID {
        try check()
        let id = LoanID(nextID)
        nextID += 1
        rows[id] = Loan(
            id: id, title: draft.title, direction: draft.direction, counterparty: draft.counterparty,
            lentOn: draft.lentOn, dueOn: draft.dueOn, note: draft.note
        )
        ordered = nil
        return id
    }

    func modify(_ id: LoanID, _ change: (inout Loan) throws -> Void) throws -> Loan? {
        try check()
        guard var loan = rows[id] else { return nil }
        try change(&loan)
        rows[id] = loan
        ordered = nil
        return loan
    }

    func remove(_ id: LoanID) throws -> Bool {
        try check()
        ordered = nil
        return rows.removeValue(forKey: id) != nil
    }

    func importLoans(_ produce: ((Loan) throws -> Void) throws -> Void) throws -> ImportOutcome {
        var count = 0
        try produce { loan in
            rows[loan.id] = loan
            nextID = max(nextID, loan.id.rawValue + 1)
            count += 1
        }
        ordered = nil
        return ImportOutcome(imported: count, renumbered: 0)
    }
}

/// The TUI's source over a memory store, with a day and a change flag the test controls.
final class MemorySource: LoanSource {
    let store = MemoryStore()
    var policy: DuePolicy
    var changed = false
    private(set) var writes = 0

    init(today: CivilDate = .on("2026-11-29"), window: Int = 7) {
        policy = DuePolicy(today: today, window: DueWindow(days: window) ?? .standard)
    }

    func currentPolicy() -> DuePolicy { policy }
    func reader() throws -> any LoanReading { store }

    func writer() throws -> any LoanWriting {
        writes += 1
        return store
    }

    func hasChanged() -> Bool {
        defer { changed = false }
        return changed
    }

    /// Adds a loan due `due` days from today (through the store, not a use case).
    @discardableResult
    func loan(
        _ title: String, _ party: String = "Alice", due: Int, direction: Direction = .lent, lent: Int = -30, note: String? = nil
    ) -> LoanID {
        let today = policy.today
        let draft = LoanDraft(
            title: title, direction: direction, counterparty: party,
            lentOn: today.adding(days: min(lent, due)) ?? today, dueOn: today.adding(days: due) ?? today, note: note
        )
        return (try? store.add(draft)) ?? LoanID(0)
    }

    /// The demo loans of `loans --demo`, around today.
    static func demo() -> MemorySource {
        let source = MemorySource()
        source.loan("The Hobbit", "Alice", due: -3, note: "Hardback, dust jacket slightly torn.")
        source.loan("Cordless drill", "Sam next door", due: -1)
        source.loan("Dune", "City Library", due: 0, direction: .borrowed)
        source.loan("Camping tent", "Priya", due: 2, direction: .borrowed)
        source.loan("The Pragmatic Programmer", "City Library", due: 6, direction: .borrowed)
        source.loan("Azul (board game)", "Jonas", due: 20)
        return source
    }
}

extension CivilDate {
    static func on(_ text: String) -> CivilDate {
        guard let date = CivilDate(iso: text) else { fatalError("bad test date \(text)") }
        return date
    }
}

extension TUIApp {
    /// Presses keys in order.
    mutating func press(_ keys: Key...) {
        for key in keys { handle(.key(key)) }
    }

    /// Types text, one character at a time.
    mutating func type(_ text: String) {
        for character in text { handle(.key(.character(character))) }
    }

    /// The screen as text.
    var text: String { screen.snapshot }
}

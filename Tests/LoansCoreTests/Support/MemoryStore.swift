import LoansCore

/// A plain in-memory store for testing use cases: answers ranges by filtering, writes at once.
final class MemoryStore: LoanWriting {
    var rows: [LoanID: Loan] = [:]
    private var nextID: Int64 = 1
    /// Calls that read whole tables; the use cases must not need them for the agenda.
    private(set) var fullScans = 0

    func snapshot<T>(_ body: () throws -> T) throws -> T { try body() }

    func loan(_ id: LoanID) throws -> Loan? { rows[id] }

    func countOpenLoans(due range: DueRange) throws -> Int {
        rows.values.filter { $0.isOpen && range.contains($0.dueOn) }.count
    }

    func openLoans(due range: DueRange, after: DueOrderKey?, limit: Int?, _ visit: (Loan) throws -> Void) throws {
        let ordered = rows.values.filter { $0.isOpen && range.contains($0.dueOn) }
            .sorted { ($0.dueOn, $0.id) < ($1.dueOn, $1.id) }
            .filter { loan in after.map { (loan.dueOn, loan.id) > ($0.dueOn, $0.id) } ?? true }
        for loan in ordered.prefix(limit ?? Int.max) { try visit(loan) }
    }

    func openLoans(
        due range: DueRange, matching text: String?, beyond key: DueOrderKey?, descending: Bool, limit: Int,
        _ visit: (Loan) throws -> Void
    ) throws {
        let match = text.map(LoanTextMatch.init)
        var ordered = rows.values.filter { $0.isOpen && range.contains($0.dueOn) && (match?.matches($0) ?? true) }
            .sorted { ($0.dueOn, $0.id) < ($1.dueOn, $1.id) }
        if descending { ordered.reverse() }
        let beyond = ordered.filter { loan in
            guard let key else { return true }
            let own = DueOrderKey(dueOn: loan.dueOn, id: loan.id)
            return descending ? own < key : own > key
        }
        for loan in beyond.prefix(max(limit, 0)) { try visit(loan) }
    }

    func loans(_ selection: LoanSelection, _ visit: (Loan) throws -> Void) throws {
        fullScans += 1
        for loan in rows.values.sorted(by: { $0.id < $1.id }) {
            switch selection {
            case .open where !loan.isOpen, .returned where loan.isOpen: continue
            default: try visit(loan)
            }
        }
    }

    func add(_ draft: LoanDraft) throws -> LoanID {
        let id = LoanID(nextID)
        nextID += 1
        rows[id] = Loan(
            id: id, title: draft.title, direction: draft.direction, counterparty: draft.counterparty,
            lentOn: draft.lentOn, dueOn: draft.dueOn, note: draft.note
        )
        return id
    }

    func modify(_ id: LoanID, _ change: (inout Loan) throws -> Void) throws -> Loan? {
        guard var loan = rows[id] else { return nil }
        try change(&loan)
        rows[id] = loan
        return loan
    }

    func remove(_ id: LoanID) throws -> Bool {
        rows.removeValue(forKey: id) != nil
    }

    func importLoans(_ produce: ((Loan) throws -> Void) throws -> Void) throws -> ImportOutcome {
        var staged = rows
        var renumbered = 0
        var count = 0
        try produce { loan in
            var loan = loan
            if staged[loan.id] != nil {
                loan.id = LoanID((staged.keys.map(\.rawValue).max() ?? 0) + 1)
                renumbered += 1
            }
            staged[loan.id] = loan
            count += 1
        }
        rows = staged
        nextID = (rows.keys.map(\.rawValue).max() ?? 0) + 1
        return ImportOutcome(imported: count, renumbered: renumbered)
    }
}

extension CivilDate {
    /// A date in tests, written as `YYYY-MM-DD`.
    static func on(_ text: String) -> CivilDate {
        guard let date = CivilDate(iso: text) else { fatalError("bad test date \(text)") }
        return date
    }
}

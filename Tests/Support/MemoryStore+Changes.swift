import LoansCore

/// A change as the memory store keeps it.
struct MemoryChange {
    var change: Change
    /// The loans it touched, by id.
    var deltas: [LoanID: LoanDelta]
    /// The undo that reverted it, while it stays undone.
    var undoneBy: ChangeID?
    /// Whether redo may re-apply it (until its author makes a new change).
    var redoable = false
}

/// The memory store's history and write side: the same rules as every store (one change per
/// write, undo bookkeeping per author, ids never given twice), held in arrays.
extension MemoryStore {
    public func change<T>(_ kind: ChangeKind, _ body: (any LoanChangeWriter) throws -> T) throws -> T {
        try check()
        let id = ChangeID(Int64(changes.count + 1))
        let writer = MemoryChangeWriter(store: self, id: id)
        let result = try body(writer)
        guard !writer.deltas.isEmpty else { return result }
        rows = writer.rows
        if let adopted = writer.adopted { identity = adopted }
        used.formUnion(writer.deltas.keys)
        ordered = nil
        for (target, undone) in writer.marks {
            let index = Int(target.rawValue) - 1
            changes[index].undoneBy = undone ? id : nil
            changes[index].redoable = undone
        }
        if kind.isUndoable {
            for index in changes.indices where changes[index].change.who == author { changes[index].redoable = false }
        }
        let change = Change(
            id: id, at: clock, who: author, kind: kind, target: writer.marks.first?.0, isUndone: false,
            loanCount: writer.deltas.count
        )
        changes.append(MemoryChange(change: change, deltas: writer.deltas))
        return result
    }

    public func history(of loan: LoanID?, limit: Int?, _ visit: (Change) throws -> Void) throws {
        try check()
        var remaining = limit ?? Int.max
        for entry in changes.reversed() where remaining > 0 && (loan.map { entry.deltas[$0] != nil } ?? true) {
            remaining -= 1
            try visit(stamped(entry))
        }
    }

    public func change(_ id: ChangeID) throws -> Change? {
        try check()
        return changes.indices.contains(Int(id.rawValue) - 1) ? stamped(changes[Int(id.rawValue) - 1]) : nil
    }

    public func deltas(of change: ChangeID, loan: LoanID?, _ visit: (LoanDelta) throws -> Void) throws {
        try check()
        guard changes.indices.contains(Int(change.rawValue) - 1) else { return }
        for delta in changes[Int(change.rawValue) - 1].deltas.values.sorted(by: { $0.id < $1.id }) where loan == nil || delta.id == loan {
            try visit(delta)
        }
    }

    func stamped(_ entry: MemoryChange) -> Change {
        let change = entry.change
        return Change(
            id: change.id, at: change.at, who: change.who, kind: change.kind, target: change.target,
            isUndone: entry.undoneBy != nil, loanCount: change.loanCount
        )
    }
}

/// The writes of one change of the memory store, on a copy of its rows until it commits.
final class MemoryChangeWriter: LoanChangeWriter {
    let store: MemoryStore
    let id: ChangeID
    var rows: [LoanID: Loan]
    var deltas: [LoanID: LoanDelta] = [:]
    var marks: [(ChangeID, Bool)] = []
    var adopted: String?

    init(store: MemoryStore, id: ChangeID) {
        self.store = store
        self.id = id
        rows = store.rows
    }

    private func record(_ id: LoanID, after: Loan?) {
        let before = deltas[id].map(\.before) ?? store.rows[id]
        deltas[id] = LoanDelta(id: id, before: before, after: after)
    }

    func loan(_ id: LoanID) throws -> Loan? { rows[id] }

    func isTaken(_ id: LoanID) throws -> Bool {
        rows[id] != nil || store.used.contains(id) || deltas[id] != nil
    }

    func insertNew(_ loan: Loan) throws -> Loan {
        let largest = ([store.used.max(), rows.keys.max(), deltas.keys.max()].compactMap { $0 }.max()?.rawValue) ?? 0
        guard largest < LoanID.maximum.rawValue else {
            throw StoreError(.idsExhausted, "the largest id loans can give, \(LoanID.maximum), is taken")
        }
        var stored = loan
        stored.id = LoanID(largest + 1)
        try insert(stored)
        return stored
    }

    func insert(_ loan: Loan) throws {
        guard rows[loan.id] == nil else { throw StoreError(.unavailable, "loan \(loan.id) exists already") }
        rows[loan.id] = loan
        record(loan.id, after: loan)
    }

    func update(_ loan: Loan) throws {
        rows[loan.id] = loan
        record(loan.id, after: loan)
    }

    func delete(_ id: LoanID) throws {
        rows[id] = nil
        record(id, after: nil)
    }

    func newestUndoable(skipping: Set<ChangeID>) throws -> Change? {
        store.changes.last {
            $0.change.who == store.author && $0.change.kind.isUndoable && $0.undoneBy == nil && !skipping.contains($0.change.id)
        }.map(store.stamped)
    }

    func newestRedoable() throws -> Change? {
        store.changes.filter { $0.change.who == store.author && $0.redoable }
            .max { ($0.undoneBy?.rawValue ?? 0) < ($1.undoneBy?.rawValue ?? 0) }
            .map(store.stamped)
    }

    func newestChange(touching loan: LoanID, after change: ChangeID) throws -> Change? {
        store.changes.last { $0.change.id > change && $0.deltas[loan] != nil }.map(store.stamped)
    }

    func deltas(of change: ChangeID, _ visit: (LoanDelta) throws -> Void) throws {
        try store.deltas(of: change, loan: nil, visit)
    }

    func adoptIdentity(_ identity: String) throws -> Bool {
        guard store.changes.isEmpty, store.rows.isEmpty else { return false }
        adopted = identity
        return true
    }

    func setUndone(_ change: ChangeID, _ undone: Bool) throws {
        marks.append((change, undone))
    }
}

import LoansCore

/// A change as the memory store keeps it.
struct MemoryChange {
    var change: Change
    /// The loans it touched, by id.
    var deltas: [LoanID: LoanDelta]
    /// The contacts it touched, by key.
    var people: [PersonKey: PersonDelta] = [:]
    /// The undo that reverted it, while it stays undone.
    var undoneBy: ChangeID?
    /// Whether redo may re-apply it (until its author makes a new change).
    var redoable = false
}

/// The memory store's history and write side: the same rules as every store (one change per
/// write, undo bookkeeping per author, ids never given twice), held in arrays.
extension MemoryStore {
    package func change<T>(_ kind: ChangeKind, _ body: (any LoanChangeWriter) throws -> T) throws -> T {
        try check()
        let id = ChangeID((changes.last?.change.id.rawValue ?? 0) + 1)
        let writer = MemoryChangeWriter(store: self, id: id)
        let result = try body(writer)
        if !writer.adoptedChanges.isEmpty {
            adopt(writer)
            commitActions.forEach { $0() }
            return result
        }
        guard !writer.deltas.isEmpty || !writer.personDeltas.isEmpty else { return result }
        rows = writer.rows
        people = writer.people
        if let adopted = writer.adopted { identity = adopted }
        used.formUnion(writer.deltas.keys)
        ordered = nil
        for (target, undone) in writer.marks {
            guard let index = index(of: target) else { continue }
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
        changes.append(MemoryChange(change: change, deltas: writer.deltas, people: writer.personDeltas))
        commitActions.forEach { $0() }
        return result
    }

    package func onCommit(_ action: @escaping () -> Void) {
        commitActions.append(action)
    }

    package func history(of loan: LoanID?, limit: Int?, _ visit: (Change) throws -> Void) throws {
        try check()
        var remaining = limit ?? Int.max
        for entry in changes.reversed() where remaining > 0 && (loan.map { entry.deltas[$0] != nil } ?? true) {
            remaining -= 1
            try visit(stamped(entry))
        }
    }

    package func historyOldestFirst(_ visit: (Change) throws -> Void) throws {
        try check()
        for entry in changes { try visit(stamped(entry)) }
    }

    package func change(_ id: ChangeID) throws -> Change? {
        try check()
        return index(of: id).map { stamped(changes[$0]) }
    }

    /// Where change `id` stands in `changes` (ids increase, with gaps after a move).
    func index(of id: ChangeID) -> Int? {
        changes.firstIndex { $0.change.id == id }
    }

    /// Commits a change that took another store's history: its loans, and the adopted changes
    /// with what they imply — loans counted, redo open to an undone change until its author made
    /// a change undo may revert after the undo.
    private func adopt(_ writer: MemoryChangeWriter) {
        rows = writer.rows
        people = writer.people
        ordered = nil
        if let adopted = writer.adopted { identity = adopted }
        for var entry in writer.adoptedChanges {
            let change = entry.change
            used.formUnion(entry.deltas.keys)
            entry.change = Change(
                id: change.id, at: change.at, who: change.who, kind: change.kind, target: change.target, isUndone: false,
                loanCount: entry.deltas.count
            )
            if let undoneBy = entry.undoneBy {
                entry.redoable = !writer.adoptedChanges.contains {
                    $0.change.who == change.who && $0.change.kind.isUndoable && $0.change.id > undoneBy
                }
            }
            changes.append(entry)
        }
    }

    package func deltas(of change: ChangeID, loan: LoanID?, _ visit: (LoanDelta) throws -> Void) throws {
        try check()
        guard let index = index(of: change) else { return }
        for delta in changes[index].deltas.values.sorted(by: { $0.id < $1.id }) where loan == nil || delta.id == loan {
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
    var people: [PersonKey: Person]
    var personDeltas: [PersonKey: PersonDelta] = [:]
    var marks: [(ChangeID, Bool)] = []
    var adopted: String?
    /// Another store's history, taken as it stands (an import into an empty store).
    var adoptedChanges: [MemoryChange] = []

    init(store: MemoryStore, id: ChangeID) {
        self.store = store
        self.id = id
        rows = store.rows
        people = store.people
    }

    /// Records a loan's states in the change, keeping the state before its first touch.
    private func record(_ id: LoanID, before: Loan?, after: Loan?) {
        deltas[id] = LoanDelta(id: id, before: deltas[id].map(\.before) ?? before, after: after)
    }

    func loan(_ id: LoanID) throws -> Loan? { rows[id] }

    func isTaken(_ id: LoanID) throws -> Bool {
        rows[id] != nil || store.used.contains(id) || deltas[id] != nil
    }

    /// The id after the largest used; once that is the largest id loans gives, a free one below
    /// it (`LoanID.free`).
    func insertNew(_ loan: Loan) throws -> Loan {
        let largest = usedBelow(nil)
        var stored = loan
        if let largest, largest == LoanID.maximum {
            guard let free = LoanID.free(usedBelow: usedBelow) else { throw StoreError.noFreeID }
            stored.id = free
        } else {
            stored.id = LoanID((largest?.rawValue ?? 0) + 1)
        }
        try insert(stored)
        return stored
    }

    /// The largest id a loan has or ever had below `bound` (any, with nil).
    private func usedBelow(_ bound: LoanID?) -> LoanID? {
        let below = { (id: LoanID) in bound.map { id < $0 } ?? true }
        return [store.used.filter(below).max(), rows.keys.filter(below).max(), deltas.keys.filter(below).max()].compactMap { $0 }.max()
    }

    func insert(_ loan: Loan) throws {
        guard rows[loan.id] == nil else { throw StoreError(.unavailable, "loan \(loan.id) exists already") }
        rows[loan.id] = loan
        if adoptedChanges.isEmpty { record(loan.id, before: nil, after: loan) }
    }

    func update(from before: Loan, to after: Loan) throws {
        rows[after.id] = after
        record(after.id, before: before, after: after)
    }

    func delete(_ loan: Loan) throws {
        rows[loan.id] = nil
        record(loan.id, before: loan, after: nil)
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

    func canAdoptHistory() throws -> Bool {
        !adoptedChanges.isEmpty || (store.changes.isEmpty && store.rows.isEmpty && deltas.isEmpty && personDeltas.isEmpty)
    }

    func adopt(_ change: Change) throws {
        // An undone change names the newest undo whose target it is (changes come oldest first).
        if change.kind == .undo, let target = change.target,
           let index = adoptedChanges.firstIndex(where: { $0.change.id == target }), adoptedChanges[index].undoneBy != nil {
            adoptedChanges[index].undoneBy = change.id
        }
        adoptedChanges.append(MemoryChange(change: change, deltas: [:], undoneBy: change.isUndone ? change.id : nil))
    }

    func adopt(_ delta: LoanDelta) throws {
        guard !adoptedChanges.isEmpty else { throw StoreError(.unavailable, "a change's loan came before its change") }
        adoptedChanges[adoptedChanges.count - 1].deltas[delta.id] = delta
    }

    func setUndone(_ change: ChangeID, _ undone: Bool) throws {
        marks.append((change, undone))
    }
}

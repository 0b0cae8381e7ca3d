/// The write side of loan storage. Every write is one change: one transaction that also appends
/// one entry to the history, stamped with the author the store was opened for and the time; so a
/// store that writes reads its history too, and is its own `history`.
package protocol LoanWriting: LoanReading, HistoryReading {
    /// Runs `body` in one write transaction and records what it wrote as one change of `kind`.
    /// Nothing is recorded when `body` wrote nothing; anything `body` throws rolls everything
    /// back and is rethrown. A change that is not an undo or a redo ends its author's redo.
    func change<T>(_ kind: ChangeKind, _ body: (any LoanChangeWriter) throws -> T) throws -> T

    /// Runs `action` after each change of this writer that wrote something, once its transaction
    /// committed (or, inside a transaction already open, once its part is done) — never for a
    /// change refused, rolled back or that wrote nothing — as GRDB tells its observers of a
    /// commit. The on-change hook is one such action.
    func onCommit(_ action: @escaping () -> Void)
}

extension LoanWriting {
    package var history: (any HistoryReading)? { self }
}

/// The writes of one change, inside its transaction. Each write records the loan's state
/// before (the first time the change touches it) and after (the last time) in the change; the
/// writes of contacts (`PersonChangeWriter`) go into the same change.
package protocol LoanChangeWriter: PersonChangeWriter {
    /// One loan as it stands inside the transaction (locked for this writer where the engine
    /// locks rows), or nil.
    func loan(_ id: LoanID) throws -> Loan?

    /// Whether a loan has, or ever had, this id: ids are never used twice.
    func isTaken(_ id: LoanID) throws -> Bool

    /// Stores a loan under the next free id (its own id is ignored) and returns it as stored;
    /// `StoreError(.idsExhausted)` once the largest id loans can give (`LoanID.maximum`) is taken.
    func insertNew(_ loan: Loan) throws -> Loan

    /// Stores a loan with its own id, which must not be taken by an existing loan.
    func insert(_ loan: Loan) throws

    /// Writes `after` over the stored loan with its id. `before` is that loan as this change read
    /// it (`loan(_:)`): the store records it as the state before and does not read it again.
    func update(from before: Loan, to after: Loan) throws

    /// Deletes a loan as this change read it (`loan(_:)`), which the store records as the state
    /// before without reading it again (its changes stay in the history).
    func delete(_ loan: Loan) throws

    /// The newest change of this store's author that undo may revert — not undone, not itself an
    /// undo or a redo — that is not in `skipping`; nil when there is none.
    func newestUndoable(skipping: Set<ChangeID>) throws -> Change?

    /// The change of this store's author that redo would re-apply: the one most recently undone,
    /// as long as the author made no new change since; nil when there is none.
    func newestRedoable() throws -> Change?

    /// The newest change after `change` that touched `loan`, by anyone.
    func newestChange(touching loan: LoanID, after change: ChangeID) throws -> Change?

    /// The loans a change touched, with their states before and after.
    func deltas(of change: ChangeID, _ visit: (LoanDelta) throws -> Void) throws

    /// Takes `identity` as the store's own when the store held no loan and recorded no change
    /// before this one — a move from another store keeps its identity, so calendar UIDs survive
    /// it — and otherwise leaves the store's identity as it is. True when it was taken.
    func adoptIdentity(_ identity: String) throws -> Bool

    /// Whether this change may take another store's history (`adopt`): the store holds no loan
    /// and recorded no change (so it keeps no contact either), and this change wrote nothing yet.
    func canAdoptHistory() throws -> Bool

    /// Takes one change of another store's history as it stands there — id, instant, who, kind,
    /// target, whether it is undone (its `loanCount` is ignored: the loans `adopt(_:LoanDelta)`
    /// hands over are counted) — as a move into an empty store does (`canAdoptHistory`). Changes
    /// come oldest first, ids increasing. From the first one on, this change records nothing of
    /// its own: the loans and contacts it writes after are where the adopted history left them,
    /// and it takes the moved store's identity (`adoptIdentity`) whatever the history holds. Undo
    /// and redo then find each author's changes as the other store would have.
    func adopt(_ change: Change) throws

    /// Takes one loan's part in the change adopted last, as it stands there (loans in id order).
    func adopt(_ delta: LoanDelta) throws

    /// Marks a change undone by the undo being made, or done again by the redo being made; the
    /// undo or redo records it as its target.
    func setUndone(_ change: ChangeID, _ undone: Bool) throws
}

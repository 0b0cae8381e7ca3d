/// Readers for a front that answers many requests at once (a server front): each `read` gets a
/// reader of its own — a connection no other thread uses meanwhile, made when none is free and
/// fewer than the pool's capacity exist, else waited for — and reads one snapshot of the store
/// through it, so that every answer inside `body` agrees with the others even while someone
/// writes; then the reader goes back for the next request. The pool may be used from any thread
/// at once; a reader only inside its `body` (it is not `Sendable`, and must not escape).
package protocol LoanReaderPool: Sendable {
    /// Runs `body` with a reader of its own, inside one snapshot of the store. A store that does
    /// not exist yet reads as empty (and is asked again by the next request).
    func read<T>(_ body: (any PooledReader) throws -> T) throws -> T
}

/// What a pool lends: a reader of the loans and people that also reads the reminders' ledger, in
/// the same snapshot (a page of people says when each was last reminded).
package typealias PooledReader = LoanReading & ReminderReading

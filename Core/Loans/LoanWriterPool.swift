/// Writers for a front that writes for many people at once (a server front), as GRDB keeps one
/// writer beside its readers: the store is opened, checked and upgraded once, not for each
/// write. Each `write` gets a writer no other thread uses meanwhile — on SQLite the one writer
/// connection SQLite allows, on a server one of a few connections — and the changes it makes are
/// recorded as the person it names, given per write (a connection serves anyone). A connection
/// that broke, or that no longer reaches the store its location names (a database file replaced
/// or removed), is dropped and opened again for the next write. The pool may be used from any
/// thread at once; a writer only inside its `body` (it must not escape).
package protocol LoanWriterPool: Sendable {
    /// Runs `body` with a writer of its own whose changes the history gives to `who` (on a
    /// server with the database role beside it, as the command line's changes are named). A
    /// store that does not exist yet is made (or upgraded) first, as for any write.
    func write<T>(as who: String, _ body: (any LoanWriting) throws -> T) throws -> T
}

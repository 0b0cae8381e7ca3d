/// A storage failure, in terms the command line maps to exit codes, with the engine's own failure
/// behind it kept as the engine gave it (as GRDB's `DatabaseError` keeps SQLite's result code).
package struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure, which decides the exit code.
    package enum Kind: Equatable, Sendable {
        /// Cannot be opened, read or written: corrupt, foreign, unreadable, full, locked (74).
        case unavailable
        /// A server did not answer within the time a run allows it (74): the store may be fine,
        /// the wait was not.
        case timedOut
        /// Written by a newer version of loans (75).
        case newerVersion
        /// The data source is read-only (a fixture) and a write was asked (1).
        case readOnly
        /// No id is free for a new loan: every id loans gives has been used (1).
        case idsExhausted
        /// Another process made the database while this one built it aside, so nothing was
        /// written (74); a write that can be run again runs on that database instead.
        case createdMeanwhile
    }

    package let kind: Kind
    package let message: String
    /// The engine's own failure this one reports, unflattened — SQLite's (its extended result
    /// code, message and SQL) or PostgreSQL's (its SQLSTATE, message and SQL), for a caller that
    /// tells failures apart by the engine's code; nil when loans itself refused. Two failures are
    /// equal when their kind and words are.
    package let underlying: (any Error & Sendable)?

    package init(_ kind: Kind, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    package var description: String { message }

    package static func == (lhs: StoreError, rhs: StoreError) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message
    }

    /// The same failure, saying which write it stopped: "…; the import was not written" (a write
    /// is one transaction, so none of it was).
    package func stopping(_ kind: ChangeKind) -> StoreError {
        StoreError(self.kind, message + "; \(kind.written) was not written", underlying: underlying)
    }

    /// How a store's message quotes the statement it ran: its first three words, and `…` for the
    /// rest — enough to tell which statement, never the kilobytes of SQL an import's batch is.
    package static func opening(ofStatement sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace)
        let shown = words.prefix(3).map { $0.count > 40 ? $0.prefix(40) + "…" : $0 }.joined(separator: " ")
        return words.count > 3 ? shown + " …" : shown
    }
}

extension StoreError {
    /// Every id loans gives, 1 to 2^53 − 1, has been used (the history counts), so no loan can be added.
    package static let noFreeID = StoreError(
        .idsExhausted, "no id is free for a new loan: every id from 1 to \(LoanID.maximum) has been used"
    )
}

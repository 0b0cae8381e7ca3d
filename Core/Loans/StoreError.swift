/// A storage failure, in terms the command line maps to exit codes.
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
        /// The largest id loans can give is taken: no new loan can be added (1).
        case idsExhausted
    }

    package let kind: Kind
    package let message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }

    /// The same failure, saying which write it stopped: "…; the import was not written" (a write
    /// is one transaction, so none of it was).
    package func stopping(_ kind: ChangeKind) -> StoreError {
        StoreError(self.kind, message + "; \(kind.written) was not written")
    }

    /// How a store's message quotes the statement it ran: its first three words, and `…` for the
    /// rest — enough to tell which statement, never the kilobytes of SQL an import's batch is.
    package static func opening(ofStatement sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace)
        let shown = words.prefix(3).map { $0.count > 40 ? $0.prefix(40) + "…" : $0 }.joined(separator: " ")
        return words.count > 3 ? shown + " …" : shown
    }
}

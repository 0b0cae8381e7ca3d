import LoansCore

/// A failed libpq call: the SQLSTATE when the server sent one (none for a connection that
/// failed or broke), the message, and the SQL that ran — or a wait for the server that ran out
/// (`timedOut`). Messages never carry a password: connection messages pass through
/// `ConnectionString.scrub` before they get here. A `StoreError` keeps it whole (`underlying`).
package struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE, such as `40P01` or `23505` (a unique violation).
    package let sqlState: String?
    package let message: String
    package let sql: String?
    /// The server did not answer in the time allowed (the message says which wait and how long).
    package let timedOut: Bool

    init(sqlState: String? = nil, message: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = PostgresError.oneLine(message, joining: "; ")
        self.sql = sql
        timedOut = false
    }

    /// A wait that ran out, as `missed` words it ("did not answer within 30 s").
    init(timedOut missed: String) {
        sqlState = nil
        message = missed
        sql = nil
        timedOut = true
    }

    package var description: String {
        var text = message
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let sql { text += " in “\(StoreError.opening(ofStatement: sql))”" }
        return text
    }

    /// The failure in Core's terms, naming the database without its password and keeping this
    /// one behind it: a wait that ran out is `.timedOut` ("PostgreSQL database "…" did not
    /// answer within 30 s"), any other failure `.unavailable`.
    func inStoreTerms(_ target: ConnectionString) -> StoreError {
        if timedOut { return StoreError(.timedOut, "PostgreSQL database \(Quoted(target.redacted)) \(message)", underlying: self) }
        return StoreError(.unavailable, "PostgreSQL database \(Quoted(target.redacted)): \(self)", underlying: self)
    }

    /// A failure to connect in Core's terms, naming the database without its password and keeping
    /// this one behind it.
    func connecting(_ target: ConnectionString) -> StoreError {
        StoreError(
            timedOut ? .timedOut : .unavailable, "cannot connect to PostgreSQL database \(Quoted(target.redacted)): \(message)",
            underlying: self
        )
    }

    /// libpq's multi-line text, or SQL, as one line for a message: runs of spaces made one,
    /// lines joined with `separator`.
    static func oneLine(_ text: String, joining separator: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: separator)
    }
}

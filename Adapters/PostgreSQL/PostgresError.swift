/// A failed libpq call: the SQLSTATE when the server sent one (none for a connection that
/// failed or broke), the message, and the SQL that ran. Messages never carry a password:
/// connection messages pass through `ConnectionString.scrub` before they get here.
struct PostgresError: Error, Equatable, CustomStringConvertible {
    /// The five-character SQLSTATE, such as `40P01` or `42P01`.
    let sqlState: String?
    let message: String
    let sql: String?

    init(sqlState: String? = nil, message: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = PostgresError.oneLine(message, joining: "; ")
        self.sql = sql
    }

    var description: String {
        var text = message
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let sql { text += " in “\(PostgresError.oneLine(sql, joining: " "))”" }
        return text
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

import CSQLite
import LoansCore

/// A failed SQLite call: the extended result code, SQLite's message and the SQL it ran (a message
/// quotes only its first words).
/// A `StoreError` keeps it whole (`underlying`).
package struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_NOTADB` …).
    package let code: Int32
    package let message: String
    package let sql: String?

    package var description: String {
        var text = "\(message) (SQLite code \(code))"
        if let sql { text += " in “\(StoreError.opening(ofStatement: sql))”" }
        return text
    }

    /// Reads the error of the last call on `db`, or a generic one when there is no connection.
    init(code: Int32, db: OpaquePointer?, sql: String? = nil) {
        self.code = code
        if let db, let text = sqlite3_errmsg(db) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(code))
        }
        self.sql = sql
    }

    init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }
}

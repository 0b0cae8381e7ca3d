import CSQLite
import LoansCore

extension SQLiteConnection {
    /// The SQL name of Core's case folding (`TextFolding.folded`), which the search index's
    /// triggers call so that every writer indexes the same folded copies. A connection that
    /// writes must have it; `NULL` folds to `NULL`.
    static let foldingFunction = "loans_fold"

    /// Makes `loans_fold(text)` callable on this connection: deterministic and innocuous, so
    /// triggers and the schema may use it.
    func registerFolding() throws(SQLiteError) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let code = sqlite3_create_function_v2(
            handle, SQLiteConnection.foldingFunction, 1, flags, nil, foldSQLValue, nil, nil, nil
        )
        guard code == SQLITE_OK else { throw SQLiteError(code: code, db: handle) }
    }
}

/// SQLite's marker for "copy this buffer now", which Swift does not import.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The C entry point of `loans_fold`.
private func foldSQLValue(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let value = arguments?[0], sqlite3_value_type(value) != SQLITE_NULL else {
        sqlite3_result_null(context)
        return
    }
    let bytes = sqlite3_value_text(value)  // before sqlite3_value_bytes, which then counts the text
    let length = Int(sqlite3_value_bytes(value))
    let text = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
    var folded = TextFolding.folded(text)
    folded.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { characters in
            if let base = characters.baseAddress, !characters.isEmpty {
                sqlite3_result_text(context, base, Int32(characters.count), transient)
            } else {
                sqlite3_result_text(context, "", 0, nil)
            }
        }
    }
}

import CSQLite

/// A prepared statement with typed binding and column access; finalized when released.
final class Statement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    let sql: String

    /// SQLite's marker for "copy this buffer now", which Swift does not import.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(connection: SQLiteConnection, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(code: code, db: connection.handle, sql: sql)
        }
        handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw SQLiteError(code: code, db: connection.handle, sql: sql) }
    }

    /// Binds every parameter of the statement at once, in order: `values[0]` to `?1`, and so on
    /// up to the largest index its text names (a number it skips still takes a value, unused).
    /// Writing a table's rows is its SQL and one call.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        precondition(
            values.count == Int(sqlite3_bind_parameter_count(handle)),
            "\(values.count) values for the \(sqlite3_bind_parameter_count(handle)) parameters of \(sql)"
        )
        var index: Int32 = 1
        for value in values {
            try bind(value, at: index)
            index += 1
        }
    }

    /// One parameter's value (inlined into `bind(_:)`: an import binds 29 values a loan).
    @inline(__always)
    private func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .integer(let integer?):
            try check(sqlite3_bind_int64(handle, index, integer))
        case .text(var text?):
            let code = text.withUTF8 { buffer in
                buffer.isEmpty
                    ? sqlite3_bind_text(handle, index, "", 0, nil)
                    : sqlite3_bind_text(handle, index, buffer.baseAddress, Int32(buffer.count), Statement.transient)
            }
            try check(code)
        case .integer(nil), .text(nil):
            try check(sqlite3_bind_null(handle, index))
        }
    }

    /// Advances to the next row; false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, db: connection.handle, sql: sql)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// The first column of the first row (0 when there is none), leaving the statement reset
    /// so that it holds no read transaction open.
    func scalar() throws(SQLiteError) -> Int64 {
        defer { reset() }
        return try step() ? int64(0) : 0
    }

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The column's text as raw UTF-8, valid until the next step; empty for NULL.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let base = sqlite3_column_text(handle, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base, count: count)
    }

    /// Whether the column holds text (not NULL, a number or a blob).
    func isText(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_TEXT
    }

    /// The column's text, invalid UTF-8 repaired; nil for NULL.
    func string(_ column: Int32) -> String? {
        isNull(column) ? nil : String(decoding: bytes(column), as: UTF8.self)
    }
}

/// A value a statement's parameter takes: an integer or a text, NULL when nil (SQLite's NULL
/// has no type; the case says what the column holds when there is a value).
enum SQLiteValue {
    case integer(Int64?)
    case text(String?)
}

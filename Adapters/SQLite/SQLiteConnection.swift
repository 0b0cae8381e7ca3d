import CSQLite

/// One SQLite connection, owned for its whole life; every call reports failures as `SQLiteError`.
final class SQLiteConnection {
    /// How long a statement waits for another process's lock before failing.
    static let busyTimeoutMilliseconds: Int32 = 5000

    let handle: OpaquePointer
    let path: SystemPath
    /// Opened `immutable`: it never sees another process's writes.
    let isImmutable: Bool
    /// The statements prepared so far, by their SQL: a few dozen at most, searched in order. A
    /// dictionary would make a status bar's run pay the runtime's first lookup of `String:
    /// Hashable` (about 6 % of its instructions) for no gain at this size.
    private var statements: [(sql: String, statement: Statement)] = []

    /// Opens `path` — its bytes, UTF-8 or not — read-only, or read-write (never creating it:
    /// callers create the file themselves with the right permissions). `immutable` reads a file
    /// nobody can be writing without any locking or `-shm` file.
    init(path: SystemPath, readOnly: Bool, immutable: Bool = false) throws(SQLiteError) {
        _ = SQLiteConnection.configured
        var db: OpaquePointer?
        var flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            name = SQLiteConnection.uri(path, query: "immutable=1")
        }
        let code = name.withCString { sqlite3_open_v2($0, &db, flags, nil) }
        guard code == SQLITE_OK, let db else {
            let error = SQLiteError(code: code, db: db)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        self.path = path
        isImmutable = immutable
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, SQLiteConnection.busyTimeoutMilliseconds)
        loans_sqlite_defensive(db, 1)
        if !readOnly { try registerFolding() }
    }

    /// Process-wide SQLite settings, applied once before the first connection opens.
    private static let configured: Bool = loans_sqlite_disable_memory_statistics() == SQLITE_OK

    /// A `file:` URI naming exactly `path`: every byte but the unreserved ones and `/` is
    /// percent-encoded (SQLite decodes `%HH` to the byte), and an absolute path gets an empty
    /// authority, so a path beginning `//` is never read as a host name.
    static func uri(_ path: SystemPath, query: String) -> SystemPath {
        var out = Array("file:".utf8)
        if path.bytes.first == UInt8(ascii: "/") { out += Array("//".utf8) }
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in path.bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        out += Array("?\(query)".utf8)
        return SystemPath(bytes: out)!
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Whether the file this connection opened is no longer the one its path names — renamed,
    /// replaced or removed since (SQLite compares the open file with the path's): a connection
    /// kept across requests then serves no more, since it would read, or write, a file nobody
    /// else sees.
    var hasMoved: Bool {
        var moved: Int32 = 0
        return sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// A prepared statement for `sql`, reused across calls on this connection, reset and unbound.
    func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statements.first(where: { $0.sql == sql })?.statement {
            cached.reset()
            return cached
        }
        let statement = try Statement(connection: self, sql: sql)
        statements.append((sql, statement))
        return statement
    }

    /// The value of an integer pragma, such as `user_version`.
    func integerPragma(_ name: String) throws(SQLiteError) -> Int64 {
        try statement("PRAGMA \(name)").scalar()
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// `immediate` takes the write lock at the start, so two writers never deadlock. Inside a
    /// transaction already open (a snapshot that asks for another), `body` joins it.
    func transaction<T>(immediate: Bool, _ body: () throws -> T) throws -> T {
        if sqlite3_get_autocommit(handle) == 0 { return try body() }
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The triggers on `table`, with the SQL that created each.
    func triggers(on table: String) throws(SQLiteError) -> [(name: String, sql: String)] {
        let statement = try statement("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = ?1")
        try statement.bind([.text(table)])
        defer { statement.reset() }
        var found: [(name: String, sql: String)] = []
        while try statement.step() {
            found.append((statement.string(0) ?? "", statement.string(1) ?? ""))
        }
        return found
    }

    var changes: Int { Int(sqlite3_changes(handle)) }

    /// True when SQLite opened the file read-only although writing was asked (a read-only file).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    var lastInsertID: Int64 { sqlite3_last_insert_rowid(handle) }
}

import CLibPQ
import Glibc

/// One libpq connection, owned for its whole life. Statements run with parameters only
/// (`PQexecParams`, text format, one statement per call); failures are `PostgresError`s that
/// carry the SQLSTATE, the server's message and the SQL, and never a password.
final class PostgresConnection {
    /// Seconds libpq waits for each server before giving up, unless the connection string or
    /// `PGCONNECT_TIMEOUT` says otherwise, so a status bar never hangs on a server that is away.
    static let defaultConnectTimeout = 2

    let target: ConnectionString
    private let pq: LibPQ
    private let handle: OpaquePointer

    /// Connects as libpq would with `target` alone — its environment (`PGHOST`, `PGSERVICE`,
    /// `PGPASSFILE` …), `~/.pgpass`, `sslmode`, several hosts with `target_session_attrs` — adding
    /// only defaults the user can override (the connect timeout, an application name of
    /// `loans user@host`) and the one thing loans needs: UTF-8 text and ISO dates.
    init(_ target: ConnectionString, pq: LibPQ) throws(PostgresError) {
        self.target = target
        self.pq = pq
        var before: [(String, String)] = [("fallback_application_name", ClientName.applicationName)]
        if (getenv("PGCONNECT_TIMEOUT").map { String(cString: $0) } ?? "").isEmpty {
            before.append(("connect_timeout", String(PostgresConnection.defaultConnectTimeout)))
        }
        // Values before `dbname` yield to the connection string's own; values after it win.
        let parameters = before + [("dbname", target.text), ("client_encoding", "UTF8")]
        let connection = PostgresConnection.withCStrings(parameters.map(\.0)) { keywords in
            PostgresConnection.withCStrings(parameters.map(\.1)) { values in
                pq.connectdbParams(keywords, values, 1)
            }
        }
        guard let connection else { throw PostgresError(message: "libpq could not allocate a connection") }
        guard pq.status(connection) == CONNECTION_OK else {
            let message = pq.errorMessage(connection).map { String(cString: $0) } ?? "unknown failure"
            pq.finish(connection)
            throw PostgresError(message: target.scrub(message))
        }
        handle = connection
        try execute("SELECT pg_catalog.set_config('datestyle', 'ISO, YMD', false), pg_catalog.set_config('search_path', 'pg_catalog', false)")
    }

    deinit {
        pq.finish(handle)
    }

    /// Runs one statement with `parameters` as `$1`, `$2` … (nil is NULL) and returns its rows.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
        // A C string ends at NUL: such a value would be cut short without a word, so refuse it.
        guard !parameters.contains(where: { $0?.utf8.contains(0) ?? false }) else {
            throw PostgresError(sqlState: "22021", message: "a value holds the NUL character (U+0000), which PostgreSQL text cannot store")
        }
        let values = parameters.map { $0.flatMap { strdup($0) } }
        defer { values.forEach { free($0) } }
        let raw = values.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { pointers in
                pq.execParams(handle, sql, Int32(parameters.count), nil, pointers.baseAddress, nil, nil, 0)
            }
        }
        guard let raw else { throw failure(sql) }
        let result = PostgresResult(raw, pq: pq)
        let status = pq.resultStatus(raw)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { throw failure(raw, sql) }
        return result
    }

    /// Runs `body` in a transaction that `begin` opens: committed when it returns, rolled back
    /// when it throws. Inside a transaction already open (a snapshot that asks for another),
    /// `body` joins it.
    func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        guard pq.transactionStatus(handle) == PQTRANS_IDLE else { return try body() }
        try execute(begin)
        do {
            let result = try body()
            guard pq.transactionStatus(handle) == PQTRANS_INTRANS else {
                throw PostgresError(message: "the transaction failed and was rolled back", sql: begin)
            }
            try execute("COMMIT")
            return result
        } catch {
            if pq.transactionStatus(handle) != PQTRANS_IDLE { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    /// The server's error for a statement: SQLSTATE, message and detail (libpq's message when the
    /// server sent none).
    private func failure(_ result: OpaquePointer, _ sql: String) -> PostgresError {
        func field(_ code: Unicode.Scalar) -> String? {
            pq.resultErrorField(result, Int32(code.value)).map { String(cString: $0) }
        }
        guard var message = field("M") else { return failure(sql) }
        if let detail = field("D") { message += " (\(detail))" }
        return PostgresError(sqlState: field("C"), message: message, sql: sql)
    }

    /// The connection's last error, for a call that returned no result at all (a lost connection).
    private func failure(_ sql: String) -> PostgresError {
        let message = pq.errorMessage(handle).map { String(cString: $0) } ?? ""
        return PostgresError(message: message.isEmpty ? "no answer from the server" : target.scrub(message), sql: sql)
    }

    /// `strings` as a NULL-terminated array of C strings, valid during `body`.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { body($0.baseAddress!) }
        }
    }
}

import CLibPQ
import Glibc
import LoansSystem

/// One libpq connection, owned for its whole life. Statements run with parameters only (text
/// format, one statement per call); failures are `PostgresError`s that carry the SQLSTATE, the
/// server's message and the SQL, and never a password. The connection is non-blocking: each
/// statement is sent with `PQsendQueryParams` and its answer awaited in `poll(2)` on the socket
/// (`ServerDeadline`), within `answerSeconds` when the run bounds its answers.
final class PostgresConnection {
    /// Seconds connecting may take for each server listed, unless the connection string or
    /// `PGCONNECT_TIMEOUT` says otherwise, so a status bar never hangs on a server that is away.
    static let defaultConnectTimeout = 2

    let target: ConnectionString
    let pq: LibPQ
    let handle: OpaquePointer
    /// The database role the session acts as (`current_user`).
    private(set) var role = ""
    /// Whether the session's `session_replication_role` makes the server skip ordinary triggers
    /// (an administrator's setting, which loans cannot change): loans' writes then refuse.
    private(set) var skipsTriggers = false
    /// How long each answer may take; nil: as long as it takes.
    private let answerSeconds: Int?
    /// The first statement's answer to the columns the caller asked to probe, until taken.
    private var probe: (result: PostgresResult, column: Int)?
    /// A read-only transaction's COMMIT was sent and its answer not read yet (`endLater`).
    private var answerOwed = false
    /// A wait for an answer ran out: the statement may still be running, so the connection
    /// serves nothing more (the server stops the statement when the connection closes).
    var abandoned = false

    /// Connects as libpq would with `target` alone — its environment (`PGHOST`, `PGSERVICE`,
    /// `PGPASSFILE` …), `~/.pgpass`, `sslmode`, several hosts with `target_session_attrs` — adding
    /// only defaults the user can override (`ConnectionParameters`) and the one thing loans
    /// needs: UTF-8 text and ISO dates. Connecting takes at most the connect budget, name lookup
    /// included (`ConnectAttempt`).
    /// `probing` adds columns to the session's first statement (see `takeProbe`), so a question
    /// the caller would ask next costs no round trip of its own.
    convenience init(_ target: ConnectionString, pq: LibPQ, client: PostgresClient, probing: String? = nil) throws(PostgresError) {
        let parameters = ConnectionParameters(target, client: client)
        let handle = try ConnectAttempt.connect(parameters, pq: pq, within: parameters.connectBudgetSeconds(pq))
        try self.init(established: handle, target: target, pq: pq, answerSeconds: client.answerSeconds, probing: probing)
    }

    /// Takes a connection libpq has made (`CONNECTION_OK`) and sets the session up for loans.
    init(
        established handle: OpaquePointer, target: ConnectionString, pq: LibPQ, answerSeconds: Int? = nil, probing: String? = nil
    ) throws(PostgresError) {
        self.target = target
        self.pq = pq
        self.handle = handle
        self.answerSeconds = answerSeconds
        // libpq prints the server's notices to stderr (`FATAL: terminating connection …` when a
        // server stops); loans reports failures in its own words, so they are dropped.
        _ = pq.setNoticeProcessor(handle, { _, _ in }, nil)
        guard pq.setnonblocking(handle, 1) == 0 else { throw failure(nil) }
        let session = try execute(PostgresConnection.sessionSetup + (probing.map { ", " + $0 } ?? ""))
        role = session.string(0, 0) ?? ""
        skipsTriggers = session.string(0, 1) != "origin"
        if probing != nil { probe = (session, PostgresConnection.sessionColumns) }
    }

    /// The session's first statement: who it acts as, whether triggers fire, and every setting
    /// loans relies on pinned for the session — whatever the connection details' `options`,
    /// `PGOPTIONS` or `ALTER ROLE … SET` gave: ISO dates, a search path of `pg_catalog` alone
    /// (every loans object is named with its schema), and no bulk change under way
    /// (`loans.bulk_import`, which only loans' own bulk changes set, for their own transaction).
    private static let sessionSetup = """
        SELECT current_user, pg_catalog.current_setting('session_replication_role'),
            pg_catalog.set_config('datestyle', 'ISO, YMD', false), pg_catalog.set_config('search_path', 'pg_catalog', false),
            pg_catalog.set_config('loans.bulk_import', '', false)
        """
    /// How many columns `sessionSetup` has (a probe's come after them).
    private static let sessionColumns = 5

    /// The answer to the columns probed by the first statement, once: nil when none were probed
    /// or they were taken already (the database may have changed since: ask again).
    func takeProbe() -> (result: PostgresResult, column: Int)? {
        defer { probe = nil }
        return probe
    }

    deinit {
        pq.finish(handle)
    }

    /// Whether the connection can serve another request: it is up, no answer ran out on it, and
    /// no transaction is left open.
    var isReusable: Bool {
        guard !abandoned, !closedByServer, pq.status(handle) == CONNECTION_OK else { return false }
        let state = pq.transactionStatus(handle)
        return state == PQTRANS_IDLE || (answerOwed && state == PQTRANS_ACTIVE)
    }

    /// Whether the server ended the connection while it sat idle (a restart, an administrator's
    /// `pg_terminate_backend`), looked at without waiting: its socket then reads as ready — the
    /// server's farewell, then the end — and libpq, reading it, finds the end. An idle connection
    /// is otherwise sent nothing but the answer a COMMIT sent without waiting still owes.
    private var closedByServer: Bool {
        let socket = FileDescriptor(rawValue: pq.socket(handle))
        for _ in 0..<3 {
            guard let ready = try? Poll.wait([(socket, .readable)], milliseconds: 0), ready.isReady(socket) else { return false }
            if pq.consumeInput(handle) == 0 { return true }
        }
        return false
    }

    /// Runs one statement with `parameters` as `$1`, `$2` … (nil is NULL) and returns its rows.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
        guard !abandoned else { throw PostgresError(message: "an earlier statement on this connection ran out of time", sql: sql) }
        try readOwedAnswer()
        // A C string ends at NUL: such a value would be cut short without a word, so refuse it.
        guard !parameters.contains(where: { $0?.utf8.contains(0) ?? false }) else {
            throw PostgresError(sqlState: "22021", message: "a value holds the NUL character (U+0000), which PostgreSQL text cannot store")
        }
        let values = parameters.map { $0.flatMap { strdup($0) } }
        defer { values.forEach { free($0) } }
        let sent = values.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { pointers in
                pq.sendQueryParams(handle, sql, Int32(parameters.count), nil, pointers.baseAddress, nil, nil, 0)
            }
        }
        guard sent == 1, let raw = try answer(sql) else { throw failure(sql) }
        let result = PostgresResult(raw, pq: pq)
        let status = pq.resultStatus(raw)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { throw failure(raw, sql) }
        return result
    }

    /// Runs `body` in a transaction that `begin` opens: committed when it returns, rolled back
    /// when it throws. Inside a transaction already open (a snapshot that asks for another),
    /// `body` joins it. A read-only transaction (`endLater`) sends its COMMIT without waiting for
    /// the answer, which the connection's next statement reads first (a run that ends there
    /// saves the round trip; nothing it read depends on the answer).
    func transaction<T>(_ begin: String, endLater: Bool = false, _ body: () throws -> T) throws -> T {
        try readOwedAnswer()
        guard pq.transactionStatus(handle) == PQTRANS_IDLE else { return try body() }
        try execute(begin)
        do {
            let result = try body()
            guard pq.transactionStatus(handle) == PQTRANS_INTRANS else {
                throw PostgresError(message: "the transaction failed and was rolled back", sql: begin)
            }
            if endLater, pq.sendQueryParams(handle, "COMMIT", 0, nil, nil, nil, nil, 0) == 1 {
                answerOwed = true
                _ = pq.flush(handle)  // the rest, if the socket is full, goes with the next statement
            } else {
                try execute("COMMIT")
            }
            return result
        } catch {
            if !abandoned, pq.transactionStatus(handle) != PQTRANS_IDLE { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Reads (and drops) the answer to a COMMIT sent without waiting; a failure there shows in
    /// the statement that follows, on the same broken connection.
    func readOwedAnswer() throws(PostgresError) {
        guard answerOwed else { return }
        answerOwed = false
        if let result = try answer("COMMIT") { pq.clear(result) }
    }

    /// The deadline of an answer awaited from now: nil when the run does not bound its answers.
    var answerDeadline: ServerDeadline? { answerSeconds.map(ServerDeadline.answering(within:)) }

    /// Sends what libpq still holds of the statement just sent and waits for its answer, within
    /// the answer deadline: its last result (libpq's blocking `PQexec` keeps the last as well),
    /// or nil when the connection broke (`failure` says how).
    func answer(_ sql: String) throws(PostgresError) -> OpaquePointer? {
        let deadline = answerDeadline
        var last: OpaquePointer?
        do throws(PostgresError) {
            guard try flushed(until: deadline) else { return nil }
            while let result = try nextResult(until: deadline) {
                if let last { pq.clear(last) }
                last = result
            }
            return last
        } catch {
            if let last { pq.clear(last) }
            abandoned = error.timedOut
            throw error
        }
    }

    /// Sends everything libpq holds of what was just sent, reading whatever the server sends
    /// meanwhile (libpq's advice for a non-blocking connection); false when the connection broke
    /// (`failure` says how).
    func flushed(until deadline: ServerDeadline?) throws(PostgresError) -> Bool {
        while true {
            let sent = pq.flush(handle)
            if sent == 0 { return true }
            guard sent == 1 else { return false }
            let ready = try ServerDeadline.wait(on: pq.socket(handle), for: POLLIN | POLLOUT, until: deadline)
            if ready & POLLIN != 0, pq.consumeInput(handle) == 0 { return false }
        }
    }

    /// The statement's next result, waiting for it; nil when it has no more. A read that fails
    /// leaves libpq with the error, which `getResult` then returns.
    func nextResult(until deadline: ServerDeadline?) throws(PostgresError) -> OpaquePointer? {
        while pq.isBusy(handle) == 1 {
            _ = try ServerDeadline.wait(on: pq.socket(handle), for: POLLIN, until: deadline)
            guard pq.consumeInput(handle) == 1 else { break }
        }
        return pq.getResult(handle)
    }

    /// The server's error for a statement: SQLSTATE, message and detail (libpq's message when the
    /// server sent none).
    func failure(_ result: OpaquePointer, _ sql: String) -> PostgresError {
        func field(_ code: Unicode.Scalar) -> String? {
            pq.resultErrorField(result, Int32(code.value)).map { String(cString: $0) }
        }
        guard var message = field("M") else { return failure(sql) }
        if let detail = field("D") { message += " (\(detail))" }
        return PostgresError(sqlState: field("C"), message: message, sql: sql)
    }

    /// The connection's last error, for a call that returned no result at all (a lost connection).
    func failure(_ sql: String?) -> PostgresError {
        let message = pq.errorMessage(handle).map { String(cString: $0) } ?? ""
        return PostgresError(message: message.isEmpty ? "no answer from the server" : target.scrub(message), sql: sql)
    }
}

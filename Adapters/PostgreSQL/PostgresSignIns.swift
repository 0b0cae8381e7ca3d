import LoansCore
import LoansSystem

/// Sessions, one-time links and accounts on the server (migration 9), shared by every `loans
/// serve` on the database: a few connections from a pool, each call one short transaction. A
/// connection that broke is dropped after the call, and the next call makes a new one.
final class PostgresSignIns: SignInStore {
    private let connections: ConnectionPool<PostgresConnection>
    let location: String

    init(location: String, capacity: Int, connect: @escaping @Sendable () throws -> PostgresConnection) {
        self.location = location
        connections = ConnectionPool(capacity: capacity, make: connect) { $0.isReusable }
    }

    /// Runs `body` on a pooled connection in one transaction, reporting the server's failures in
    /// Core's terms.
    @discardableResult
    func run<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try LibPQ.shared.get().prepareThread()  // a request's thread may be new to libpq
        return try connections.borrow { connection in
            do {
                return try connection.transaction(PostgresLoanStore.write) { try body(connection) }
            } catch let error as PostgresError {
                throw error.inStoreTerms(connection.target)
            }
        }
    }

    func accountCount() throws -> Int {
        try run { Int(try $0.execute("SELECT count(*) FROM loans.account").int64(0, 0) ?? 0) }
    }

    func addLink(_ link: SignInLink, now: Int64) throws {
        try run { connection in
            try connection.execute("DELETE FROM loans.sign_in_link WHERE expires_at <= $1", [String(now)])
            try connection.execute(
                "INSERT INTO loans.sign_in_link (token_hash, name, role, expires_at) VALUES ($1, $2, $3, $4)",
                [link.tokenHash, link.name, link.role.rawValue, String(link.expiresAt)]
            )
        }
    }

    func takeLink(_ tokenHash: String) throws -> SignInLink? {
        try run { connection in
            let result = try connection.execute("DELETE FROM loans.sign_in_link WHERE token_hash = $1 RETURNING name, role, expires_at", [tokenHash])
            guard result.rowCount == 1, let name = result.string(0, 0), let role = result.string(0, 1).flatMap(Role.init),
                  let expires = PostgresSignIns.instant(result, 2)
            else { return nil }
            return SignInLink(tokenHash: tokenHash, name: name, role: role, expiresAt: expires)
        }
    }

    /// Keeps the session of `person.account` (its name and role as they were then beside it, for
    /// whoever reads the table; a session is always read with its account as it is now).
    func startSession(_ session: SessionRecord) throws {
        try run { connection in
            try connection.execute(
                "INSERT INTO loans.web_session (token_hash, account_id, name, role, started_at, last_seen) VALUES ($1, $2, $3, $4, $5, $6)",
                [
                    session.tokenHash, String(session.person.account), session.person.name, session.person.role.rawValue,
                    String(session.startedAt), String(session.lastSeen),
                ]
            )
        }
    }

    func session(_ tokenHash: String) throws -> SessionRecord? {
        try run { connection in
            let result = try connection.execute(
                """
                SELECT account.id, account.name, account.role, account.created_at, web_session.started_at, web_session.last_seen
                FROM loans.web_session JOIN loans.account ON account.id = web_session.account_id WHERE web_session.token_hash = $1
                """,
                [tokenHash]
            )
            guard result.rowCount == 1, let account = PostgresSignIns.account(result, 0),
                  let started = PostgresSignIns.instant(result, 4), let seen = PostgresSignIns.instant(result, 5)
            else { return nil }
            return SessionRecord(tokenHash: tokenHash, person: account.person, startedAt: started, lastSeen: seen)
        }
    }

    func touchSession(_ tokenHash: String, at now: Int64) throws {
        try run { connection in
            try connection.execute("UPDATE loans.web_session SET last_seen = $2 WHERE token_hash = $1 AND last_seen < $2", [tokenHash, String(now)])
        }
    }

    func endSession(_ tokenHash: String) throws {
        try run { try $0.execute("DELETE FROM loans.web_session WHERE token_hash = $1", [tokenHash]) }
    }

    func endSessions(idleSince cutoff: Int64) throws {
        try run { try $0.execute("DELETE FROM loans.web_session WHERE last_seen < $1", [String(cutoff)]) }
    }

    /// A column of seconds since 1970 (never negative: they are stamped by the clock).
    private static func instant(_ result: PostgresResult, _ column: Int) -> Int64? {
        result.int64(0, column)
    }
}

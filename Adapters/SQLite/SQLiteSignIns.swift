import LoansCore
import LoansSystem

/// Sessions, one-time links and accounts in the SQLite file (migration 7; accounts, tokens and
/// failed sign-ins in SQLiteAccounts.swift), for a server's many
/// request threads: read-write connections from a small pool (each call one short transaction;
/// SQLite lets one write at a time, and the others wait for it within the busy timeout). The
/// database is made, or upgraded, by the first connection, as any write would.
final class SQLiteSignIns: SignInStore {
    private let connections: ConnectionPool<SQLiteConnection>
    let path: SystemPath

    init(_ location: DatabaseLocation, capacity: Int) {
        path = location.path
        connections = ConnectionPool(capacity: capacity) {
            try DatabaseFile(path: location.path, folders: location.folders).openForWriting()
        } keep: { _ in true }
    }

    /// Runs `body` on a pooled connection, in one transaction (a write lock from the start when
    /// `writing`), reporting SQLite's failures in Core's terms.
    func run<T>(writing: Bool, _ body: (SQLiteConnection) throws -> T) throws -> T {
        try connections.borrow { connection in
            do {
                return try connection.transaction(immediate: writing) { try body(connection) }
            } catch let error as SQLiteError {
                throw StoreError(.unavailable, "database \(Quoted(path)): \(error)", underlying: error)
            }
        }
    }

    func accountCount() throws -> Int {
        try run(writing: false) { Int(try $0.statement("SELECT count(*) FROM account").scalar()) }
    }

    func addLink(_ link: SignInLink, now: Int64) throws {
        try run(writing: true) { connection in
            let expired = try connection.statement("DELETE FROM sign_in_link WHERE expires_at <= ?1")
            try expired.bind([.integer(now)])
            try expired.run()
            let statement = try connection.statement("INSERT INTO sign_in_link (token_hash, name, role, expires_at) VALUES (?1, ?2, ?3, ?4)")
            try statement.bind([.text(link.tokenHash), .text(link.name), .text(link.role.rawValue), .integer(link.expiresAt)])
            try statement.run()
        }
    }

    func takeLink(_ tokenHash: String) throws -> SignInLink? {
        try run(writing: true) { connection in
            let statement = try connection.statement("DELETE FROM sign_in_link WHERE token_hash = ?1 RETURNING name, role, expires_at")
            try statement.bind([.text(tokenHash)])
            defer { statement.reset() }
            guard try statement.step(), let name = statement.string(0), let role = statement.string(1).flatMap(Role.init) else { return nil }
            let expires = statement.int64(2)
            while try statement.step() {}
            return SignInLink(tokenHash: tokenHash, name: name, role: role, expiresAt: expires)
        }
    }

    /// Keeps the session of `person.account` (its name and role as they were then beside it, for
    /// whoever reads the table; a session is always read with its account as it is now).
    func startSession(_ session: SessionRecord) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement("""
                INSERT INTO web_session (token_hash, account_id, name, role, started_at, last_seen) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
            try statement.bind([
                .text(session.tokenHash), .integer(session.person.account), .text(session.person.name),
                .text(session.person.role.rawValue), .integer(session.startedAt), .integer(session.lastSeen),
            ])
            try statement.run()
        }
    }

    func session(_ tokenHash: String) throws -> SessionRecord? {
        try run(writing: false) { connection in
            let statement = try connection.statement("""
                SELECT account.id, account.name, account.role, account.created_at, web_session.started_at, web_session.last_seen
                FROM web_session JOIN account ON account.id = web_session.account_id WHERE web_session.token_hash = ?1
                """)
            try statement.bind([.text(tokenHash)])
            defer { statement.reset() }
            guard try statement.step(), let account = SQLiteSignIns.account(statement) else { return nil }
            return SessionRecord(tokenHash: tokenHash, person: account.person, startedAt: statement.int64(4), lastSeen: statement.int64(5))
        }
    }

    func touchSession(_ tokenHash: String, at now: Int64) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement("UPDATE web_session SET last_seen = ?2 WHERE token_hash = ?1 AND last_seen < ?2")
            try statement.bind([.text(tokenHash), .integer(now)])
            try statement.run()
        }
    }

    func endSession(_ tokenHash: String) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement("DELETE FROM web_session WHERE token_hash = ?1")
            try statement.bind([.text(tokenHash)])
            try statement.run()
        }
    }

    func endSessions(idleSince cutoff: Int64) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement("DELETE FROM web_session WHERE last_seen < ?1")
            try statement.bind([.integer(cutoff)])
            try statement.run()
        }
    }
}

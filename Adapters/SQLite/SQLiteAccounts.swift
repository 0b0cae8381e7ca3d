import Glibc
import LoansCore
import LoansSystem

/// Accounts, API tokens and failed sign-ins in the SQLite file (migration 7), beside the
/// sessions and links of `SQLiteSignIns`: each call one short transaction on a pooled connection.
extension SQLiteSignIns {
    /// The file's owner (or root, who may read and write every file) owns the store; the asker
    /// goes by their OS user's name. The file is the one the store opens (a link followed as
    /// SQLite follows it), made first if it does not exist.
    func authority() throws -> AccountAuthority {
        try run(writing: false) { _ in }
        let status: FileStatus
        do {
            status = try FileStatus(path)
        } catch {
            throw StoreError(.unavailable, "database \(Quoted(path)): \(error)")
        }
        let asker = geteuid()
        return AccountAuthority(
            ownsStore: asker == status.owner || asker == 0, name: SystemAuthor.user(asker),
            owner: "the database file's owner, \(SystemAuthor.user(status.owner))"
        )
    }

    func accounts() throws -> [Account] {
        try run(writing: false) { connection in
            let statement = try connection.statement("SELECT id, name, role, created_at FROM account ORDER BY id")
            defer { statement.reset() }
            var accounts: [Account] = []
            while try statement.step() {
                if let account = SQLiteSignIns.account(statement) { accounts.append(account) }
            }
            return accounts
        }
    }

    func addAccount(name: String, role: Role, passwordHash: String?, now: Int64) throws -> Account? {
        try run(writing: true) { connection in
            let statement = try connection.statement(
                "INSERT INTO account (name, role, password_hash, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (name) DO NOTHING RETURNING id"
            )
            try statement.bind([.text(name), .text(role.rawValue), .text(passwordHash), .integer(now)])
            defer { statement.reset() }
            guard try statement.step() else { return nil }
            let id = statement.int64(0)
            while try statement.step() {}
            return Account(id: id, name: name, role: role, createdAt: now)
        }
    }

    func passwordHash(ofAccount id: Int64) throws -> String? {
        try run(writing: false) { connection in
            let statement = try connection.statement("SELECT password_hash FROM account WHERE id = ?1")
            try statement.bind([.integer(id)])
            defer { statement.reset() }
            return try statement.step() ? statement.string(0) : nil
        }
    }

    func setPasswordHash(_ hash: String, ofAccount id: Int64) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement("UPDATE account SET password_hash = ?2 WHERE id = ?1")
            try statement.bind([.integer(id), .text(hash)])
            try statement.run()
            try SQLiteSignIns.delete("web_session", of: id, connection)
        }
    }

    func setRole(_ role: Role, ofAccount id: Int64) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement("UPDATE account SET role = ?2 WHERE id = ?1")
            try statement.bind([.integer(id), .text(role.rawValue)])
            try statement.run()
        }
    }

    func removeAccount(_ id: Int64) throws {
        try run(writing: true) { connection in
            for table in ["web_session", "api_token", "calendar_feed"] { try SQLiteSignIns.delete(table, of: id, connection) }
            let links = try connection.statement("DELETE FROM sign_in_link WHERE name = (SELECT name FROM account WHERE id = ?1)")
            try links.bind([.integer(id)])
            try links.run()
            let statement = try connection.statement("DELETE FROM account WHERE id = ?1")
            try statement.bind([.integer(id)])
            try statement.run()
        }
    }

    func addToken(_ tokenHash: String, account id: Int64, now: Int64) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement("INSERT INTO api_token (token_hash, account_id, created_at) VALUES (?1, ?2, ?3)")
            try statement.bind([.text(tokenHash), .integer(id), .integer(now)])
            try statement.run()
        }
    }

    func revokeTokens(ofAccount id: Int64) throws -> Int {
        try run(writing: true) { connection in
            try SQLiteSignIns.delete("api_token", of: id, connection)
            return connection.changes
        }
    }

    func tokenHolder(_ tokenHash: String, now: Int64) throws -> Account? {
        try run(writing: true) { connection in
            let statement = try connection.statement("""
                SELECT account.id, account.name, account.role, account.created_at, api_token.last_used
                FROM api_token JOIN account ON account.id = api_token.account_id WHERE api_token.token_hash = ?1
                """)
            try statement.bind([.text(tokenHash)])
            defer { statement.reset() }
            guard try statement.step(), let account = SQLiteSignIns.account(statement) else { return nil }
            let lastUsed: Int64? = statement.isNull(4) ? nil : statement.int64(4)
            statement.reset()
            // Noted to the hour, as a session's use is: reading the API costs no write each time.
            if lastUsed.map({ now - $0 >= SignIn.touchSeconds }) ?? true {
                let touch = try connection.statement("UPDATE api_token SET last_used = ?2 WHERE token_hash = ?1")
                try touch.bind([.text(tokenHash), .integer(now)])
                try touch.run()
            }
            return account
        }
    }

    /// One write transaction (SQLite's write lock, taken at its start, lets one at a time): the
    /// count, and the attempt it lets through.
    func takeAttempt(name: String, client: String, at now: Int64, since: Int64, limit: Int) throws -> SignInAttempt {
        try run(writing: true) { connection in
            let old = try connection.statement("DELETE FROM sign_in_attempt WHERE at <= ?1")
            try old.bind([.integer(since)])
            try old.run()
            func times(_ column: String, _ value: String) throws -> [Int64] {
                let statement = try connection.statement("SELECT at FROM sign_in_attempt WHERE \(column) = ?1 ORDER BY at DESC LIMIT ?2")
                try statement.bind([.text(value), .integer(Int64(limit))])
                defer { statement.reset() }
                var times: [Int64] = []
                while try statement.step() { times.append(statement.int64(0)) }
                return times
            }
            let (byName, byClient) = (try times("name", name), try times("client", client))
            guard byName.count < limit, byClient.count < limit else { return SignInAttempt(byName: byName, byClient: byClient, admitted: false) }
            let statement = try connection.statement("INSERT INTO sign_in_attempt (at, name, client) VALUES (?1, ?2, ?3)")
            try statement.bind([.integer(now), .text(name), .text(client)])
            try statement.run()
            return SignInAttempt(byName: byName, byClient: byClient, admitted: true)
        }
    }

    func forgetAttempt(name: String, client: String, at: Int64) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement(
                "DELETE FROM sign_in_attempt WHERE rowid = (SELECT rowid FROM sign_in_attempt WHERE at = ?1 AND name = ?2 AND client = ?3 LIMIT 1)"
            )
            try statement.bind([.integer(at), .text(name), .text(client)])
            try statement.run()
        }
    }

    /// Deletes the rows of `table` that belong to the account.
    private static func delete(_ table: String, of id: Int64, _ connection: SQLiteConnection) throws {
        let statement = try connection.statement("DELETE FROM \(table) WHERE account_id = ?1")
        try statement.bind([.integer(id)])
        try statement.run()
    }

    /// The account of a row's (id, name, role, created_at) columns; nil for a role this build
    /// does not know (a newer loans wrote it), which signs nobody in.
    static func account(_ statement: Statement) -> Account? {
        guard let name = statement.string(1), let role = statement.string(2).flatMap(Role.init) else { return nil }
        return Account(id: statement.int64(0), name: name, role: role, createdAt: statement.int64(3))
    }
}

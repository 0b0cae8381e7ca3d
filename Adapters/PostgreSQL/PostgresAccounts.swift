import LoansCore

/// Accounts, API tokens and failed sign-ins on the server (migration 9), beside the sessions and
/// links of `PostgresSignIns`, shared by every `loans serve` on the database: each call one
/// short transaction on a pooled connection. A change to who is signed in as what (a new
/// password, a role, a removed account, tokens revoked) is announced on the change feed as a
/// write is, so every `loans serve` on the database hears of it at once.
extension PostgresSignIns {
    /// The login (the session's user, whatever role a transaction sets) owns the store when it is
    /// the role that owns the schema itself — not merely a member of it: every member of a
    /// household's group reads and writes through it — a superuser, or a member of the role
    /// `loans_admin`, which a deployment makes for those who keep the accounts.
    func authority() throws -> AccountAuthority {
        try run { connection in
            let result = try connection.execute(
                """
                SELECT session_user, schema.nspowner::regrole::text,
                    session_user::regrole = schema.nspowner OR login.rolsuper
                    OR CASE WHEN to_regrole('loans_admin') IS NULL THEN false ELSE pg_has_role(session_user, 'loans_admin', 'MEMBER') END
                FROM pg_namespace AS schema, pg_roles AS login WHERE schema.nspname = 'loans' AND login.rolname = session_user
                """
            )
            guard result.rowCount == 1, let name = result.string(0, 0), let owner = result.string(0, 1), let owns = result.bool(0, 2) else {
                throw StoreError(.unavailable, "the database \(Quoted(location)) does not say who owns its schema loans")
            }
            return AccountAuthority(ownsStore: owns, name: name, owner: "the schema's owner, \(owner), or a member of the role loans_admin")
        }
    }

    func accounts() throws -> [Account] {
        try run { connection in
            let result = try connection.execute("SELECT id, name, role, created_at FROM loans.account ORDER BY id")
            return (0..<result.rowCount).compactMap { PostgresSignIns.account(result, $0) }
        }
    }

    func addAccount(name: String, role: Role, passwordHash: String?, now: Int64) throws -> Account? {
        try run { connection in
            let result = try connection.execute(
                "INSERT INTO loans.account (name, role, password_hash, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING id",
                [name, role.rawValue, passwordHash, String(now)]
            )
            guard result.rowCount == 1, let id = result.int64(0, 0) else { return nil }
            return Account(id: id, name: name, role: role, createdAt: now)
        }
    }

    func passwordHash(ofAccount id: Int64) throws -> String? {
        try run { connection in
            let result = try connection.execute("SELECT password_hash FROM loans.account WHERE id = $1", [String(id)])
            return result.rowCount == 1 ? result.string(0, 0) : nil
        }
    }

    func setPasswordHash(_ hash: String, ofAccount id: Int64) throws {
        try announcing { connection in
            try connection.execute("UPDATE loans.account SET password_hash = $2 WHERE id = $1", [String(id), hash])
            try connection.execute("DELETE FROM loans.web_session WHERE account_id = $1", [String(id)])
        }
    }

    func setRole(_ role: Role, ofAccount id: Int64) throws {
        try announcing { try $0.execute("UPDATE loans.account SET role = $2 WHERE id = $1", [String(id), role.rawValue]) }
    }

    func removeAccount(_ id: Int64) throws {
        try announcing { connection in
            try connection.execute("DELETE FROM loans.sign_in_link WHERE name = (SELECT name FROM loans.account WHERE id = $1)", [String(id)])
            for table in ["web_session", "api_token", "calendar_feed", "account"] {
                try connection.execute("DELETE FROM loans.\(table) WHERE \(table == "account" ? "id" : "account_id") = $1", [String(id)])
            }
        }
    }

    /// Runs `body`, which changes who is signed in as what (ends sessions, gives a role, revokes
    /// tokens), in one transaction that announces it on the change feed as its last statement.
    @discardableResult
    private func announcing<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try run { connection in
            let result = try body(connection)
            try PostgresChangeFeed.announce(connection)
            return result
        }
    }

    func addToken(_ tokenHash: String, account id: Int64, now: Int64) throws {
        try run { connection in
            try connection.execute(
                "INSERT INTO loans.api_token (token_hash, account_id, created_at) VALUES ($1, $2, $3)", [tokenHash, String(id), String(now)]
            )
        }
    }

    func revokeTokens(ofAccount id: Int64) throws -> Int {
        try announcing { try $0.execute("DELETE FROM loans.api_token WHERE account_id = $1", [String(id)]).affectedRows }
    }

    func tokenHolder(_ tokenHash: String, now: Int64) throws -> Account? {
        try run { connection in
            let result = try connection.execute(
                """
                SELECT account.id, account.name, account.role, account.created_at, api_token.last_used
                FROM loans.api_token JOIN loans.account ON account.id = api_token.account_id WHERE api_token.token_hash = $1
                """,
                [tokenHash]
            )
            guard result.rowCount == 1, let account = PostgresSignIns.account(result, 0) else { return nil }
            // Noted to the hour, as a session's use is: reading the API costs no write each time.
            if result.int64(0, 4).map({ now - $0 >= SignIn.touchSeconds }) ?? true {
                try connection.execute("UPDATE loans.api_token SET last_used = $2 WHERE token_hash = $1", [tokenHash, String(now)])
            }
            return account
        }
    }

    /// One transaction that first takes a lock only one attempt holds at a time, on every server
    /// on the database (it leaves the table readable): the count, and the attempt it lets through.
    func takeAttempt(name: String, client: String, at now: Int64, since: Int64, limit: Int) throws -> SignInAttempt {
        try run { connection in
            try connection.execute("LOCK TABLE loans.sign_in_attempt IN SHARE ROW EXCLUSIVE MODE")
            try connection.execute("DELETE FROM loans.sign_in_attempt WHERE at <= $1", [String(since)])
            func times(_ column: String, _ value: String) throws -> [Int64] {
                let result = try connection.execute(
                    "SELECT at FROM loans.sign_in_attempt WHERE \(column) = $1 ORDER BY at DESC LIMIT $2", [value, String(limit)]
                )
                return (0..<result.rowCount).compactMap { result.int64($0, 0) }
            }
            let (byName, byClient) = (try times("name", name), try times("client", client))
            guard byName.count < limit, byClient.count < limit else { return SignInAttempt(byName: byName, byClient: byClient, admitted: false) }
            try connection.execute("INSERT INTO loans.sign_in_attempt (at, name, client) VALUES ($1, $2, $3)", [String(now), name, client])
            return SignInAttempt(byName: byName, byClient: byClient, admitted: true)
        }
    }

    func forgetAttempt(name: String, client: String, at: Int64) throws {
        try run { connection in
            try connection.execute(
                """
                DELETE FROM loans.sign_in_attempt WHERE ctid = (
                    SELECT ctid FROM loans.sign_in_attempt WHERE at = $1 AND name = $2 AND client = $3 LIMIT 1 FOR UPDATE)
                """,
                [String(at), name, client]
            )
        }
    }

    /// The account of a row's (id, name, role, created_at) columns; nil for a role this build
    /// does not know (a newer loans wrote it), which signs nobody in.
    static func account(_ result: PostgresResult, _ row: Int) -> Account? {
        guard let id = result.int64(row, 0), let name = result.string(row, 1), let role = result.string(row, 2).flatMap(Role.init),
              let created = result.int64(row, 3)
        else { return nil }
        return Account(id: id, name: name, role: role, createdAt: created)
    }
}

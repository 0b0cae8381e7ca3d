import LoansCore

/// Accounts, API tokens and failed sign-ins on the server (migration 9), beside the sessions and
/// links of `PostgresSignIns`, shared by every `loans serve` on the database: each call one
/// short transaction on a pooled connection. A change that ends sessions (a new password, a
/// removed account) is announced on the change feed as a write is, so every `loans serve` on
/// the database hears of it at once.
extension PostgresSignIns {
    func accounts() throws -> [Account] {
        try run { connection in
            let result = try connection.execute("SELECT id, name, role, created_at FROM loans.account ORDER BY id")
            return (0..<result.rowCount).compactMap { PostgresSignIns.account(result, $0) }
        }
    }

    func addAccount(name: String, role: Role, passwordHash: String, now: Int64) throws -> Account? {
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
        try endingSessions { connection in
            try connection.execute("UPDATE loans.account SET password_hash = $2 WHERE id = $1", [String(id), hash])
            try connection.execute("DELETE FROM loans.web_session WHERE account_id = $1", [String(id)])
        }
    }

    func removeAccount(_ id: Int64) throws {
        try endingSessions { connection in
            for table in ["web_session", "sign_in_link", "api_token", "account"] {
                try connection.execute("DELETE FROM loans.\(table) WHERE \(table == "account" ? "id" : "account_id") = $1", [String(id)])
            }
        }
    }

    /// Runs `body`, which ends sessions, in one transaction that announces it on the change feed
    /// as its last statement.
    private func endingSessions(_ body: (PostgresConnection) throws -> Void) throws {
        try run { connection in
            try body(connection)
            try PostgresChangeFeed.announce(connection)
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
        try run { try $0.execute("DELETE FROM loans.api_token WHERE account_id = $1", [String(id)]).affectedRows }
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

    func recordFailure(name: String, client: String, at now: Int64, droppingBefore cutoff: Int64) throws {
        try run { connection in
            try connection.execute("DELETE FROM loans.sign_in_attempt WHERE at <= $1", [String(cutoff)])
            try connection.execute("INSERT INTO loans.sign_in_attempt (at, name, client) VALUES ($1, $2, $3)", [String(now), name, client])
        }
    }

    func recentFailures(name: String, client: String, since: Int64, limit: Int) throws -> (byName: [Int64], byClient: [Int64]) {
        try run { connection in
            func times(_ column: String, _ value: String) throws -> [Int64] {
                let result = try connection.execute(
                    "SELECT at FROM loans.sign_in_attempt WHERE \(column) = $1 AND at > $2 ORDER BY at DESC LIMIT $3",
                    [value, String(since), String(limit)]
                )
                return (0..<result.rowCount).compactMap { result.int64($0, 0) }
            }
            return (try times("name", name), try times("client", client))
        }
    }

    /// The account of a row's (id, name, role, created_at) columns; nil for a role this build
    /// does not know.
    private static func account(_ result: PostgresResult, _ row: Int) -> Account? {
        guard let id = result.int64(row, 0), let name = result.string(row, 1), let role = result.string(row, 2).flatMap(Role.init),
              let created = result.int64(row, 3)
        else { return nil }
        return Account(id: id, name: name, role: role, createdAt: created)
    }
}

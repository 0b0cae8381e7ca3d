import LoansCore

/// Share links and private calendar feeds on the server (migration 11), beside the sign-ins of
/// `PostgresSignIns`, shared by every `loans serve` on the database: each call one short
/// transaction on a pooled connection. A new link or feed takes the place of the one before in
/// the same statement, so the old token ends as the new one is kept.
extension PostgresSignIns {
    func keepShareLink(tokenHash: String, name: String, folded: String, now: Int64) throws {
        try run { connection in
            try connection.execute(
                """
                INSERT INTO loans.share_link (token_hash, name, folded_name, created_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (folded_name) DO UPDATE SET token_hash = excluded.token_hash, name = excluded.name, created_at = excluded.created_at
                """,
                [tokenHash, name, folded, String(now)]
            )
        }
    }

    func shareLinks() throws -> [ShareLink] {
        try run { connection in
            let result = try connection.execute("SELECT name, created_at FROM loans.share_link ORDER BY folded_name")
            return (0..<result.rowCount).compactMap { row in
                guard let name = result.string(row, 0), let created = result.int64(row, 1) else { return nil }
                return ShareLink(name: name, createdAt: created)
            }
        }
    }

    func endShareLink(folded: String) throws -> String? {
        try run { connection in
            let result = try connection.execute("DELETE FROM loans.share_link WHERE folded_name = $1 RETURNING name", [folded])
            return result.rowCount == 1 ? result.string(0, 0) : nil
        }
    }

    func shareLink(_ tokenHash: String) throws -> KeptLink<String>? {
        try run { connection in
            let result = try connection.execute("SELECT token_hash, name FROM loans.share_link WHERE token_hash = $1", [tokenHash])
            guard result.rowCount == 1, let kept = result.string(0, 0), let name = result.string(0, 1) else { return nil }
            return KeptLink(tokenHash: kept, holder: name)
        }
    }

    func keepFeed(tokenHash: String, account id: Int64, now: Int64) throws {
        try run { connection in
            try connection.execute(
                """
                INSERT INTO loans.calendar_feed (token_hash, account_id, created_at) VALUES ($1, $2, $3)
                ON CONFLICT (account_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
                """,
                [tokenHash, String(id), String(now)]
            )
        }
    }

    func endFeed(ofAccount id: Int64) throws -> Bool {
        try run { try $0.execute("DELETE FROM loans.calendar_feed WHERE account_id = $1", [String(id)]).affectedRows > 0 }
    }

    func feed(_ tokenHash: String) throws -> KeptLink<Account>? {
        try run { connection in
            let result = try connection.execute(
                """
                SELECT account.id, account.name, account.role, account.created_at, calendar_feed.token_hash
                FROM loans.calendar_feed JOIN loans.account ON account.id = calendar_feed.account_id WHERE calendar_feed.token_hash = $1
                """,
                [tokenHash]
            )
            guard result.rowCount == 1, let account = PostgresSignIns.account(result, 0), let kept = result.string(0, 4) else { return nil }
            return KeptLink(tokenHash: kept, holder: account)
        }
    }
}

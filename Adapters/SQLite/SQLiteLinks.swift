import LoansCore

/// Share links and private calendar feeds in the SQLite file (migration 8), beside the sign-ins
/// of `SQLiteSignIns`: each call one short transaction on a pooled connection. A new link or feed
/// takes the place of the one before in the same statement, so the old token ends as the new one
/// is kept.
extension SQLiteSignIns {
    func keepShareLink(tokenHash: String, name: String, folded: String, now: Int64) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement("""
                INSERT INTO share_link (token_hash, name, folded_name, created_at) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (folded_name) DO UPDATE SET token_hash = excluded.token_hash, name = excluded.name, created_at = excluded.created_at
                """)
            try statement.bind([.text(tokenHash), .text(name), .text(folded), .integer(now)])
            try statement.run()
        }
    }

    func shareLinks() throws -> [ShareLink] {
        try run(writing: false) { connection in
            let statement = try connection.statement("SELECT name, created_at FROM share_link ORDER BY folded_name")
            defer { statement.reset() }
            var links: [ShareLink] = []
            while try statement.step() {
                if let name = statement.string(0) { links.append(ShareLink(name: name, createdAt: statement.int64(1))) }
            }
            return links
        }
    }

    func endShareLink(folded: String) throws -> String? {
        try run(writing: true) { connection in
            let statement = try connection.statement("DELETE FROM share_link WHERE folded_name = ?1 RETURNING name")
            try statement.bind([.text(folded)])
            defer { statement.reset() }
            guard try statement.step() else { return nil }
            let name = statement.string(0)
            while try statement.step() {}
            return name
        }
    }

    func shareLink(_ tokenHash: String) throws -> KeptLink<String>? {
        try run(writing: false) { connection in
            let statement = try connection.statement("SELECT token_hash, name FROM share_link WHERE token_hash = ?1")
            try statement.bind([.text(tokenHash)])
            defer { statement.reset() }
            guard try statement.step(), let kept = statement.string(0), let name = statement.string(1) else { return nil }
            return KeptLink(tokenHash: kept, holder: name)
        }
    }

    func keepFeed(tokenHash: String, account id: Int64, now: Int64) throws {
        try run(writing: true) { connection in
            let statement = try connection.statement("""
                INSERT INTO calendar_feed (token_hash, account_id, created_at) VALUES (?1, ?2, ?3)
                ON CONFLICT (account_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
                """)
            try statement.bind([.text(tokenHash), .integer(id), .integer(now)])
            try statement.run()
        }
    }

    func endFeed(ofAccount id: Int64) throws -> Bool {
        try run(writing: true) { connection in
            let statement = try connection.statement("DELETE FROM calendar_feed WHERE account_id = ?1")
            try statement.bind([.integer(id)])
            try statement.run()
            return connection.changes > 0
        }
    }

    func feed(_ tokenHash: String) throws -> KeptLink<Account>? {
        try run(writing: false) { connection in
            let statement = try connection.statement("""
                SELECT account.id, account.name, account.role, account.created_at, calendar_feed.token_hash
                FROM calendar_feed JOIN account ON account.id = calendar_feed.account_id WHERE calendar_feed.token_hash = ?1
                """)
            try statement.bind([.text(tokenHash)])
            defer { statement.reset() }
            guard try statement.step(), let account = SQLiteSignIns.account(statement), let kept = statement.string(4) else { return nil }
            return KeptLink(tokenHash: kept, holder: account)
        }
    }
}

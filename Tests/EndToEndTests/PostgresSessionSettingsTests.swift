import Foundation
import LoansTestSupport
import Testing

/// Session settings a user, an administrator or the environment may bring along — the URL's
/// `options`, `PGOPTIONS`, `ALTER ROLE … SET` — never change what loans' writes do: the per-day
/// counts a bar reads stay exact, and only loans' own bulk changes stand the count triggers aside.
@Suite struct PostgresSessionSettingsTests {
    let loans: BinaryHarness
    let server: PostgresServer
    let database: String

    init() throws {
        loans = try BinaryHarness()
        server = try PostgresServer.shared()
        database = try server.createDatabase()
    }

    /// Whether the per-day open counts agree with the open loans (what the widget's counts read).
    private func countsAgree() throws -> Bool {
        try server.psql(database, """
            SELECT (SELECT coalesce(sum(open_count), 0) FROM loans.open_due_day) = (SELECT count(*) FROM loans.loan WHERE returned_on IS NULL)
                AND NOT EXISTS (
                    SELECT due_on FROM loans.loan WHERE returned_on IS NULL GROUP BY due_on
                    EXCEPT SELECT due_on FROM loans.open_due_day WHERE open_count > 0)
            """) == "t"
    }

    /// `loans.bulk_import=on` from each place a session setting can come from: ordinary writes
    /// still count, bulk changes (an import, an undo of it) too, and the bar says so.
    @Test func aSessionSettingCannotTurnTheCountsOff() throws {
        defer { loans.remove() }
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let role = "bulkish_\(suffix)"
        try server.psql("postgres", "CREATE ROLE \(role) LOGIN IN ROLE \(PostgresServer.role)")
        try server.psql("postgres", "ALTER ROLE \(role) SET loans.bulk_import = on")
        let url = server.url(database)
        #expect(try loans("--db", url, "add", "Seed", "--to", "Ann", "--due", "2026-12-10").status == 0)
        let ways: [(name: String, db: String, extra: [String: String])] = [
            ("the URL's options", url + "?options=-c%20loans.bulk_import%3Don", [:]),
            ("PGOPTIONS", url, ["PGOPTIONS": "-c loans.bulk_import=on"]),
            ("ALTER ROLE … SET", server.url(database, user: role), [:]),
        ]
        for (index, way) in ways.enumerated() {
            func run(_ arguments: String...) throws -> BinaryHarness.Result {
                try loans.run(BinaryHarness.binary, ["--db", way.db] + arguments, extra: way.extra)
            }
            let shown = try run("add", "Book \(index)", "--to", "Ann", "--due", "2026-11-28")
            #expect(shown.status == 0, "\(way.name): \(shown.err)")
            let id = shown.out.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try run("renew", id, "--due", "2026-11-30").status == 0, "\(way.name)")
            #expect(try countsAgree(), "\(way.name): an ordinary write skipped the per-day counts")
            #expect(try run("return", id).status == 0, "\(way.name)")
            #expect(try countsAgree(), "\(way.name): a return skipped the per-day counts")
            let document = #"{"schema_version": 1, "loans": [{"id": \#(1000 * (index + 1)), "title": "Imported", "direction": "lent", "counterparty": "Bo", "lent_on": "2026-11-01", "due_on": "2026-11-27"}]}"#
            let imported = try loans.run(BinaryHarness.binary, ["--db", way.db, "import", "-"], stdin: document, extra: way.extra)
            #expect(imported.status == 0, "\(way.name): \(imported.err)")
            #expect(try countsAgree(), "\(way.name): an import's counts are wrong")
            #expect(try run("undo").status == 0, "\(way.name)")
            #expect(try countsAgree(), "\(way.name): an undo's counts are wrong")
        }
        #expect(try server.psql(database, "SELECT count(*) FROM loans.loan WHERE returned_on IS NULL") == "1")
        // The bar counts from the per-day rows: one loan open, due in 11 days, nothing to show.
        #expect(try loans("--db", url, "json").out.contains(#""summary":{"overdue":0,"due_soon":0}"#))
    }

    /// The count triggers trust the flag only when it names the writing transaction: another
    /// program's session that says `loans.bulk_import = on` (psql here) still has its writes counted.
    @Test func theTriggersTrustOnlyTheTransactionsOwnFlag() throws {
        defer { loans.remove() }
        #expect(try loans("--db", server.url(database), "add", "Seed", "--to", "Ann", "--due", "2026-12-10").status == 0)
        try server.psql(database, """
            SET loans.bulk_import = on;
            INSERT INTO loans.loan (title, direction, counterparty, lent_on, due_on, folded_title, folded_counterparty)
                VALUES ('By hand', 'lent', 'Bo', '2026-11-01', '2026-11-27', 'by hand', 'bo');
            UPDATE loans.loan SET due_on = '2026-12-24' WHERE title = 'Seed'
            """)
        #expect(try countsAgree(), "a session's own flag turned the counts off")
    }

    /// `session_replication_role = replica` (an administrator's setting) makes the server skip every
    /// ordinary trigger, loans' counts included: loans refuses to write under it, and says why.
    @Test func aSessionThatSkipsTriggersIsRefusedForWriting() throws {
        defer { loans.remove() }
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let role = "replica_\(suffix)"
        try server.psql("postgres", "CREATE ROLE \(role) LOGIN IN ROLE \(PostgresServer.role)")
        let url = server.url(database)
        #expect(try loans("--db", url, "add", "Seed", "--to", "Ann", "--due", "2026-12-10").status == 0)
        try server.psql("postgres", "ALTER ROLE \(role) SET session_replication_role = replica")
        let refused = try loans("--db", server.url(database, user: role), "add", "Dune", "--to", "Ann", "--due", "+1d")
        #expect(refused.status == 74, "\(refused.status) \(refused.err)")
        #expect(refused.err.contains("session_replication_role"), "\(refused.err)")
        #expect(try server.psql(database, "SELECT count(*) FROM loans.loan") == "1")
        #expect(try loans("--db", server.url(database, user: role), "list").status == 0, "reading is not refused")
        #expect(try countsAgree())
    }
}

import Foundation
import LoansTestSupport
import Testing

/// One login per person in a group that owns the loans, as Deployment.md sets it up (its SQL,
/// run with names of this test's own): whoever writes first, everything loans makes belongs to
/// the group, so both people add, renew and undo their own changes, see each other's loans and
/// watch each other's writes.
@Suite struct PostgresGroupRoleTests {
    let loans: BinaryHarness
    let server: PostgresServer

    init() throws {
        loans = try BinaryHarness()
        server = try PostgresServer.shared()
    }

    private func household() throws -> (database: String, group: String, alice: String, bob: String) {
        try DeploymentGuide().household(on: server)
    }

    @Test func twoLoginsInOneGroupShareTheLoans() throws {
        defer { loans.remove() }
        let (database, group, alice, bob) = try household()
        func run(_ role: String, _ arguments: String...) throws -> BinaryHarness.Result {
            try loans.run(BinaryHarness.binary, ["--db", server.url(database, user: role)] + arguments)
        }
        let first = try run(alice, "add", "Cordless drill", "--to", "Sam", "--due", "2026-12-06")
        #expect(first.status == 0 && first.out == "1\n", "alice's first write: \(first.err)")
        let second = try run(bob, "add", "Dune", "--from", "City Library", "--due", "2026-12-01")
        #expect(second.status == 0 && second.out == "2\n", "bob's first write: \(second.err)")
        // What loans made (pg_trgm's own functions, installed into the schema, are the extension's).
        let owners = try server.psql(database, """
            SELECT string_agg(DISTINCT owner, ',') FROM (
                SELECT pg_get_userbyid(relowner) AS owner, oid FROM pg_class WHERE relnamespace = 'loans'::regnamespace
                UNION ALL SELECT pg_get_userbyid(proowner), oid FROM pg_proc WHERE pronamespace = 'loans'::regnamespace
                UNION ALL SELECT pg_get_userbyid(nspowner), oid FROM pg_namespace WHERE nspname = 'loans') AS owned
            WHERE NOT EXISTS (SELECT 1 FROM pg_depend WHERE objid = owned.oid AND deptype = 'e')
            """)
        #expect(owners == group, "loans' objects belong to \(owners), not the group \(group)")
        for role in [alice, bob] {
            let listed = try run(role, "list")
            #expect(listed.status == 0 && listed.out.contains("Cordless drill") && listed.out.contains("Dune"), "\(role): \(listed.out) \(listed.err)")
        }
        #expect(try run(bob, "renew", "1", "--by", "+1w").status == 0)
        #expect(try run(alice, "renew", "2", "--by", "+1w").status == 0)
        let aliceUndid = try run(alice, "undo")
        #expect(aliceUndid.status == 0 && aliceUndid.out.hasPrefix("Undid: renewed #2"), "\(aliceUndid.out) \(aliceUndid.err)")
        let bobUndid = try run(bob, "undo")
        #expect(bobUndid.status == 0 && bobUndid.out.hasPrefix("Undid: renewed #1"), "\(bobUndid.out) \(bobUndid.err)")
        let history = try run(alice, "history").out
        #expect(history.contains(" as \(bob)") && !history.contains(" as \(group)"), "\(history)")

        // Each watches the other's writes.
        var bars: [String: Subprocess] = [:]
        for role in [alice, bob] {
            bars[role] = try Subprocess(
                BinaryHarness.binary, ["--db", server.url(database, user: role), "widget", "--watch", "--format", "tmux"], environment: loans.environment
            )
        }
        defer { bars.values.forEach { $0.stop() } }
        for bar in bars.values { #expect(bar.waitForLines(1).count == 1, "\(bar.lines)") }
        #expect(try run(bob, "add", "Ladder", "--from", "Dad", "--due", "2026-11-28").status == 0)
        #expect(bars[alice]!.waitForLines(2, patience: 10).last?.contains("Ladder") == true, "alice never saw bob's write: \(bars[alice]!.lines)")
        #expect(try run(alice, "return", "3").status == 0)
        #expect(bars[bob]!.waitForLines(3, patience: 10).last?.contains("Ladder") == false, "bob never saw alice's write: \(bars[bob]!.lines)")
    }
}

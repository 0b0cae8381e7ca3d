import Foundation
import LoansTestSupport
import Testing

/// Ids are never used twice: not after a `pg_restore` of last night's dump (loans added since
/// are gone, but a calendar may have shown them), not after an import that was refused. And a
/// restore made as Deployment.md says reaches every running bar.
@Suite struct PostgresRestoreTests {
    let loans: BinaryHarness
    let server: PostgresServer
    let database: String
    let url: String

    init() throws {
        loans = try BinaryHarness()
        server = try PostgresServer.shared()
        database = try server.createDatabase()
        url = server.url(database)
    }

    /// The environment the guide's server commands (`pg_dump`, `pg_restore`, `psql`) run in here:
    /// the administrator on this server's socket.
    private var administrator: [String: String] {
        ["PGHOST": server.folder, "PGPORT": String(server.port), "PGUSER": "postgres"]
    }

    /// The calendar feed's uids, each with its sequence.
    private func feed() throws -> [String: String] {
        let text = try loans("--db", url, "calendar").out
        var events: [String: String] = [:]
        var uid = ""
        for line in text.split(separator: "\r\n").map(String.init) {
            if line.hasPrefix("UID:") { uid = String(line.dropFirst(4)) }
            if line.hasPrefix("SEQUENCE:") { events[uid] = String(line.dropFirst(9)) }
        }
        return events
    }

    @Test func aRestoreReachesRunningBarsAndNoIdComesBack() throws {
        defer { loans.remove() }
        for (title, due) in [("The Hobbit", "2026-11-26"), ("Dune", "2026-12-01"), ("Drill", "2026-12-20")] {
            #expect(try loans("--db", url, "add", title, "--to", "Ann", "--due", due).status == 0)
        }
        let dump = loans.folder + "/loans-2026-11-29.dump"
        let dumped = try loans.run("/usr/bin/pg_dump", ["--format=custom", "--file=\(dump)", database], extra: administrator)
        #expect(dumped.status == 0, "\(dumped.err)")
        // A day's work after the dump, which the restore takes back: a calendar saw loan 4.
        #expect(try loans("--db", url, "add", "Lost after the dump", "--to", "Bo", "--due", "2026-11-28").out == "4\n")
        let before = try feed()
        let lostUID = try #require(before.keys.first { $0.hasPrefix("loan-4@") })
        #expect(try loans("--db", url, "renew", "4", "--due", "2026-11-30").status == 0)

        let bar = try Subprocess(BinaryHarness.binary, ["--db", url, "widget", "--watch", "--format", "tmux"], environment: loans.environment)
        defer { bar.stop() }
        #expect(bar.waitForLines(1).first == "#[fg=red]1 overdue · 2 due soon: The Hobb… (3 days overdue)#[default]", "\(bar.lines)")
        var restore = try DeploymentGuide().block("restore")
        restore = restore.replacingOccurrences(of: "loans-2026-11-29.dump", with: dump)
            .replacingOccurrences(of: "--dbname=loans ", with: "--dbname=\(database) ")
        #expect(restore.contains(dump) && restore.contains(database), "the guide's restore step names no dump or database: \(restore)")
        let restored = try loans.run("/bin/sh", ["-ec", restore], extra: administrator)
        #expect(restored.status == 0, "the guide's restore step failed: \(restored.err)")
        #expect(bar.waitForLines(2, patience: 10).last == "#[fg=red]1 overdue · 1 due soon: The Hobb… (3 days overdue)#[default]",
                "the running bar never learned of the restore: \(bar.lines)")

        let next = try loans("--db", url, "add", "After the restore", "--to", "Cy", "--due", "2026-12-03")
        #expect(next.status == 0, "\(next.err)")
        let id = Int(next.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(id > 4, "the id \(id) of a loan a calendar saw, gone with the restore, was given again")
        let after = try feed()
        #expect(after[lostUID] == nil, "the uid \(lostUID) came back: \(after)")
        #expect(Set(after.keys).isSuperset(of: ["loan-1", "loan-2", "loan-3"].compactMap { name in before.keys.first { $0.hasPrefix(name + "@") } }),
                "the restored loans keep their uids: \(before) → \(after)")
        // Later adds follow on from there, one by one.
        #expect(try loans("--db", url, "add", "Next", "--to", "Cy", "--due", "2026-12-03").out == "\(id + 1)\n")
    }

    /// A restore whose administrator did not notify is settled by the first write after it, which
    /// tells every running bar to read again — even a write that is then refused (no loan 99),
    /// since the settling commits on its own.
    @Test func theFirstWriteAfterARestoreReachesRunningBarsEvenRefused() throws {
        defer { loans.remove() }
        #expect(try loans("--db", url, "add", "Dune", "--to", "Ann", "--due", "2026-12-01").status == 0)
        let dump = loans.folder + "/loans.dump"
        let dumped = try loans.run("/usr/bin/pg_dump", ["--format=custom", "--file=\(dump)", database], extra: administrator)
        #expect(dumped.status == 0, "\(dumped.err)")
        #expect(try loans("--db", url, "add", "Lost after the dump", "--to", "Bo", "--due", "2026-12-02").status == 0)
        let bar = try Subprocess(BinaryHarness.binary, ["--db", url, "widget", "--watch"], environment: loans.environment)
        defer { bar.stop() }
        #expect(bar.waitForLines(1) == ["2 due soon: Dune (due in 2 days)"])
        let restored = try loans.run(
            "/usr/bin/pg_restore", ["--dbname=\(database)", "--clean", "--if-exists", "--single-transaction", dump], extra: administrator
        )
        #expect(restored.status == 0, "\(restored.err)")
        #expect(try loans("--db", url, "remove", "99").status == 1)
        #expect(bar.waitForLines(2).last == "1 due soon: Dune (due in 2 days)", "the running bar never learned of the restore: \(bar.lines)")
    }

    /// An import refused halfway (a loan whose id is taken by another loan) writes nothing — its
    /// loans, its history, and the id sequence: the next add takes the next id, on both engines.
    @Test(arguments: ["file", "server"])
    func aRefusedImportLeavesTheIdsAsTheyWere(_ engine: String) throws {
        defer { loans.remove() }
        let db = engine == "file" ? loans.folder + "/loans.db" : url
        #expect(try loans("--db", db, "add", "Dune", "--to", "Ann", "--due", "+3d").out == "1\n")
        #expect(try loans("--db", db, "add", "Azul", "--to", "Bo", "--due", "+5d").out == "2\n")
        let loan = { (id: Int, title: String) in
            #"{"id": \#(id), "title": "\#(title)", "direction": "lent", "counterparty": "Cy", "lent_on": "2026-11-01", "due_on": "2026-12-02"}"#
        }
        let far = (0..<1_500).map { loan(5_000 + $0, "Far \($0)") }
        let document = #"{"schema_version": 1, "loans": ["# + (far + [loan(1, "Not Dune")]).joined(separator: ",") + "]}"
        let refused = try loans("--db", db, "import", "-", stdin: document)
        #expect(refused.status == 65 && refused.err.contains("1"), "\(refused.status) \(refused.err)")
        #expect(try loans("--db", db, "list", "--all").out.split(separator: "\n").count == 2)
        #expect(try loans("--db", db, "add", "Drill", "--to", "Sam", "--due", "+1w").out == "3\n", "the refused import moved the ids on")
    }
}

import Foundation
import Testing

/// Readers never fail because of a writer: while one process creates (or upgrades) the database,
/// readers started at the same moment answer. Every round runs in one shell, the readers in a
/// background loop started before the writer, so the processes really overlap on 2 cores.
@Suite struct FirstWriteRaceTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// `rounds` rounds of: remove the database (or put `prepare`'s file in place), start 30
    /// readers one after another in the background, write once; returns the failures seen.
    func race(rounds: Int, prepare: String = "", read: String = "json all") throws -> (failures: [String], errors: String) {
        let script = """
            db="$F/m.db"
            for t in $(seq \(rounds)); do
              rm -f "$db" "$db-wal" "$db-shm"
              \(prepare)
              (for k in $(seq 30); do loans --db "$db" \(read) >/dev/null 2>>"$F/errors" || echo "reader failed in round $t"; done) &
              loans --db "$db" add X --to A --due today >/dev/null 2>>"$F/errors" || echo "writer failed in round $t"
              wait
            done
            """
        // 31 runs a round, over a thousand in all: on a loaded 2-core machine they take minutes.
        let result = try loans.shell(script, extra: ["F": loans.folder], seconds: 600)
        let errors = (try? String(contentsOfFile: loans.folder + "/errors", encoding: .utf8)) ?? ""
        return (result.out.split(separator: "\n").map(String.init) + (result.status == 0 ? [] : ["shell \(result.status)"]), errors)
    }

    @Test func readersNeverFailWhileTheFirstWriteCreatesTheDatabase() throws {
        defer { loans.remove() }
        let (failures, errors) = try race(rounds: 40)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(5))")
        #expect(errors.isEmpty, "\(errors.prefix(600))")
    }

    /// The database file appears whole: a shell watching for its name in a tight loop reads the
    /// file the moment it exists and always finds the full schema, never an empty or half-made one
    /// (as a file created in place and then filled would be).
    @Test func aNewDatabaseAppearsWhole() throws {
        defer { loans.remove() }
        let script = """
            db="$F/w.db"
            for t in $(seq 20); do
              rm -f "$db" "$db-wal" "$db-shm"
              loans --db "$db" add X --to A --due today >/dev/null &
              n=0
              while [ ! -e "$db" ]; do n=$((n + 1)); [ $n -gt 2000000 ] && { echo "never appeared"; break; }; done
              echo "$(stat -c %s "$db") $(sqlite3 -readonly -cmd '.timeout 5000' "$db" 'PRAGMA user_version' 2>&1)"
              wait
            done
            """
        let result = try loans.shell(script, extra: ["F": loans.folder])
        let sightings = result.out.split(separator: "\n").map(String.init)
        #expect(sightings.count == 20, "\(result.out) \(result.err)")
        let latest = try loans.run("/usr/bin/sqlite3", [loans.folder + "/w.db", "PRAGMA user_version"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        for sighting in sightings {
            let parts = sighting.split(separator: " ")
            #expect(parts.count == 2 && (Int(parts[0]) ?? 0) > 0 && String(parts[1]) == latest, "first sight of the file: \(sighting)")
        }
    }

    /// A database of the first schema (no day counts) is read as it is while a write upgrades it.
    @Test func readersNeverFailWhileAWriteUpgradesAnOlderSchema() throws {
        defer { loans.remove() }
        let seed = loans.folder + "/v1.db"
        #expect(try loans("--db", seed, "add", "Old", "--to", "A", "--due", "2026-11-20", "--lent", "2026-11-01").status == 0)
        // Back to schema 1: everything but the loans and their index goes (triggers first, then the
        // search index's virtual table, which takes its own tables with it, then the rest).
        let drops = try loans.run("/usr/bin/sqlite3", [seed, """
            SELECT 'DROP ' || upper(type) || ' IF EXISTS "' || name || '";' FROM sqlite_schema
            WHERE name NOT IN ('loan', 'loan_open_by_due') AND name NOT LIKE 'sqlite_%'
            ORDER BY type <> 'trigger', sql NOT LIKE 'CREATE VIRTUAL%', type <> 'table'
            """]).out
        let downgrade = drops + "PRAGMA user_version = 1; PRAGMA journal_mode = DELETE;"
        let downgraded = try loans.run("/usr/bin/sqlite3", [seed, downgrade])
        #expect(downgraded.status == 0, "\(downgraded.err)")
        #expect(try loans.run("/usr/bin/sqlite3", [seed, "SELECT name FROM sqlite_schema ORDER BY name"]).out == "loan\nloan_open_by_due\nsqlite_sequence\n")
        let old = try loans("--db", seed, "json")
        #expect(old.status == 0 && old.out.contains(#""summary":{"overdue":1,"due_soon":0}"#), "\(old.err)")
        #expect(try loans("--db", seed, "widget").out == "1 overdue: Old (9 days overdue)\n")
        let (failures, errors) = try race(rounds: 20, prepare: #"cp "$F/v1.db" "$db""#, read: "json")
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(5))")
        #expect(errors.isEmpty, "\(errors.prefix(600))")
    }
}

import Foundation
import Testing

/// The slips loans refuses, the history, undo and redo, and imports that are safe to repeat —
/// through the built binary, checking exit codes, messages and what is stored.
@Suite struct TrustEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// Everything stored: the loans and the number of changes, so "nothing written" can be checked.
    func stored() throws -> String {
        let all = try loans("json", "all")
        let history = try loans("json", "history")
        #expect(all.status == 0 && history.status == 0, "\(all.err)\(history.err)")
        let loansPart = all.out.split(separator: "\n").dropFirst().joined(separator: "\n")
        let changes = (try JSONSerialization.jsonObject(with: Data(history.out.utf8)) as? [String: Any])?["changes"] as? [Any]
        return loansPart + "\nchanges: \(changes?.count ?? -1)"
    }

    @Test func aReturnDateAfterTodayIsRefusedAndNothingIsWritten() throws {
        defer { loans.remove() }
        #expect(try loans("add", "Dune", "--from", "Library", "--due", "2026-12-02").out == "1\n")
        let before = try stored()
        let result = try loans("return", "1", "--on", "2026-12-05")
        #expect(result.status == 64 && result.out.isEmpty)
        #expect(result.err.hasPrefix("loans: return date 2026-12-05 is after today (2026-11-29)"))
        #expect(try stored() == before)
        #expect(try loans("return", "1", "--on", "2026-11-29").status == 0)
    }

    @Test func aRenewalMustMoveTheDueDateLater() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "Library", "--due", "2026-12-02")
        let before = try stored()
        let earlier = try loans("renew", "1", "--due", "2026-11-01")
        #expect(earlier.status == 64 && earlier.err.contains("2026-11-01 is not after 2026-12-02") && earlier.err.contains("loans edit 1 --due 2026-11-01"))
        #expect(try loans("renew", "1", "--due", "2026-12-02").status == 64)
        #expect(try stored() == before)
        #expect(try loans("renew", "1", "--by", "+1w").out == "Renewed loan #1: now due 2026-12-09 (renewal 1).\n")
        try loans.must("return", "1")
        let again = try loans("renew", "1", "--by", "+1w")
        #expect(again.status == 1 && again.err == "loans: loan 1 was already returned on 2026-11-29\n")
    }

    /// A due date corrected to before a renewal's earlier due date drops that renewal and says
    /// so; the backup `json all` writes then imports into a new database.
    @Test func aCorrectedDueDateKeepsTheBackupImportable() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "Library", "--due", "2026-12-02")
        try loans.must("renew", "1", "--due", "2026-12-09")
        let edited = try loans("edit", "1", "--due", "2026-12-01")
        #expect(edited.status == 0 && edited.out == """
            Edited loan #1; dropped 1 renewal whose earlier due date (2026-12-02) is not before the new due date 2026-12-01 \
            (undo brings it back).

            """)
        #expect(try loans("history").out.split(separator: "\n").first?.hasSuffix("edited (due date, renewals)") == true)
        let document = loans.folder + "/backup.json"
        #expect(try loans.shell("loans json all > '\(document)'").status == 0)
        let moved = try loans("--db", loans.folder + "/moved.db", "import", document)
        #expect(moved.status == 0 && moved.out == "Imported 1 loan.\n", "\(moved.err)")
        #expect(try loans("--db", loans.folder + "/moved.db", "show", "1").out.contains("Renewals:      0\n"))
    }

    @Test func anOverdueLoanCanBeAddedWithoutInventingALentDate() throws {
        defer { loans.remove() }
        #expect(try loans("add", "Drill", "--to", "Sam", "--due", "2026-11-20").out == "1\n")
        #expect(try loans("show", "1").out.contains("Lent on:       2026-11-20"))
        #expect(try loans("overdue").out.contains("9 days overdue"))
    }

    @Test func historyUndoRedoAndReopen() throws {
        defer { loans.remove() }
        try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-28")
        try loans.must("return", "1", "--on", "2026-11-28")
        let history = try loans("history")
        #expect(history.status == 0)
        let lines = history.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasSuffix("change 2  #1  The Hobbit  returned on its due date (2026-11-28)"))
        #expect(lines[1].contains("added (lent to Alice, due 2026-11-28)"))
        #expect(try loans("undo").out == "Undid: returned #1 The Hobbit — it is open again\n")
        #expect(try loans("overdue").out.contains("#1  The Hobbit"))
        #expect(try loans("redo").out == "Redid: returned #1 The Hobbit — it is returned again\n")
        #expect(try loans("reopen", "1").out == "Reopened loan #1: it is open again, due 2026-11-28.\n")
        let twice = try loans("reopen", "1")
        #expect(twice.status == 1 && twice.err == "loans: loan 1 is not returned, so there is nothing to reopen\n")
        try loans.must("remove", "1")
        let kinds = try loans("json", "history", "1")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(kinds.out.utf8)) as? [String: Any])
        #expect(document["query"] as? String == "history" && document["schema_version"] as? Int == 1)
        let changes = try #require(document["changes"] as? [[String: Any]])
        #expect(changes.compactMap { $0["kind"] as? String } == ["remove", "reopen", "redo", "undo", "return", "add"])
        let removal = try #require((changes[0]["loans"] as? [[String: Any]])?.first)
        #expect(removal["after"] is NSNull && (removal["before"] as? [String: Any])?["title"] as? String == "The Hobbit")
        #expect(try loans("undo").out == "Undid: removed #1 The Hobbit — it is back\n")
        let nothing = try loans("--db", loans.folder + "/other.db", "undo")
        #expect(nothing.status == 1 && nothing.err == "loans: nothing to undo\n")
    }

    /// Someone else (another host, through a UTS namespace) returns the loan after us: our undo
    /// of the add is refused and names their change; --skip leaves it.
    @Test func undoIsRefusedWhenSomeoneElseChangedTheLoanSince() throws {
        defer { loans.remove() }
        try loans.must("add", "First", "--to", "Alice", "--due", "2026-12-01")
        try loans.must("add", "Second", "--to", "Bob", "--due", "2026-12-01")
        let other = try loans.run("/usr/bin/unshare", ["-u", "/bin/sh", "-c", "hostname elsewhere && \"$0\" return 2", BinaryHarness.binary])
        #expect(other.status == 0, "unshare must work here: \(other.err)")
        let before = try stored()
        let refused = try loans("undo")
        #expect(refused.status == 1 && refused.out.isEmpty)
        #expect(refused.err.contains("cannot undo change 2 (add of loan 2)") && refused.err.contains("return by") && refused.err.contains("@elsewhere"))
        #expect(try stored() == before)
        let skipped = try loans("undo", "--skip")
        #expect(skipped.status == 0 && skipped.out.hasPrefix("Undid: added #1 First — it is gone again (left change 2, added"))
        let blocked = try loans("undo", "--skip")
        #expect(blocked.status == 1 && blocked.err.hasPrefix("loans: nothing to undo: your one change not undone yet, change 2 (add of loan 2), is blocked because change 3 (return by "), "\(blocked.err)")
        #expect(try loans("history").out.contains("— by "))
    }

    @Test func importingTheSameDocumentTwiceChangesNothing() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "Library", "--due", "2026-12-02")
        try loans.must("add", "Tent", "--from", "Priya", "--due", "2026-12-09")
        let document = loans.folder + "/all.json"
        #expect(try loans.shell("loans json all > '\(document)'").status == 0)
        let fresh = loans.folder + "/fresh.db"
        #expect(try loans("--db", fresh, "import", document).out == "Imported 2 loans.\n")
        #expect(try loans("--db", fresh, "import", document).out == "Nothing imported: 2 loans unchanged.\n")
        #expect(try loans("--db", fresh, "history").out.split(separator: "\n").count == 1)
    }

    @Test func conflictsAreRefusedByDefaultAndResolvedOnlyWhenAsked() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "Library", "--due", "2026-12-02")
        let document = loans.folder + "/other.json"
        try """
            {"schema_version": 1, "query": "all", "loans": [
              {"id": 1, "title": "Not Dune", "direction": "lent", "counterparty": "Sam", "lent_on": "2026-11-01", "due_on": "2026-12-01"},
              {"id": 7, "title": "New", "direction": "lent", "counterparty": "Sam", "lent_on": "2026-11-01", "due_on": "2026-12-01"}
            ]}
            """.write(toFile: document, atomically: true, encoding: .utf8)
        let before = try stored()
        let refused = try loans("import", document)
        #expect(refused.status == 65 && refused.out.isEmpty && refused.err.contains("taken by a different loan (id 1)"))
        let dry = try loans("import", document, "--dry-run")
        #expect(dry.status == 65 && dry.out.isEmpty)
        #expect(try loans("import", document, "--renumber", "--dry-run").out == "Would import 2 loans (1 new, 1 renumbered).\n")
        #expect(try stored() == before)
        #expect(try loans("import", document, "--renumber").out == "Imported 2 loans (1 new, 1 renumbered).\n")
        #expect(try loans("list").out.contains("#8  Not Dune"))
        #expect(try loans("undo").out.hasPrefix("Undid: imported 2 loans — the import is reverted"))
        // Ids 7 and 8 were used by the undone import, so they count as taken: both are replaced.
        #expect(try loans("import", document, "--replace").out == "Imported 2 loans (2 replaced).\n")
        #expect(try loans("show", "1").out.contains("Title:         Not Dune"))
        let both = try loans("import", document, "--replace", "--renumber")
        #expect(both.status == 64)
    }

    /// One loan with the largest id (imported, or only in the history once removed and the
    /// import undone) leaves add the free ids below it.
    @Test func theLargestIDLeavesAddTheFreeIDsBelowIt() throws {
        defer { loans.remove() }
        let document = loans.folder + "/last.json"
        try """
            {"schema_version": 1, "query": "all", "loans": [
              {"id": 9007199254740991, "title": "Last", "direction": "lent", "counterparty": "Sam", "lent_on": "2026-11-01", "due_on": "2026-12-01"}
            ]}
            """.write(toFile: document, atomically: true, encoding: .utf8)
        try loans.must("add", "First", "--to", "Sam", "--due", "+1w")
        #expect(try loans("import", document).status == 0)
        #expect(try loans("add", "One more", "--to", "Sam", "--due", "+1w").out == "2\n")
        try loans.must("remove", "9007199254740991")
        try loans.must("undo")
        try loans.must("undo")
        try loans.must("undo")
        #expect(try loans("list", "--all").out.contains("9007199254740991") == false)
        #expect(try loans("add", "And another", "--to", "Sam", "--due", "+1w").out == "3\n", "2 is in the history")
    }

    @Test func theDemoSeedIsNotUndoable() throws {
        defer { loans.remove() }
        let undo = try loans("--demo", "undo")
        #expect(undo.status == 1 && undo.err == "loans: nothing to undo\n")
    }

    /// PostgreSQL text cannot hold U+0000, so no store keeps one: a document with one is refused.
    @Test func aNULCharacterInADocumentIsRefused() throws {
        defer { loans.remove() }
        let document = loans.folder + "/nul.json"
        try #"{"schema_version": 1, "query": "all", "loans": [{"id": 1, "title": "a\u0000b", "direction": "lent", "counterparty": "Sam", "lent_on": "2026-11-01", "due_on": "2026-12-01"}]}"#
            .write(toFile: document, atomically: true, encoding: .utf8)
        let refused = try loans("import", document)
        #expect(refused.status == 65 && refused.err == "loans: loans[0].title: title contains a NUL character (U+0000), which loans does not store\n")
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/loans.db"))
    }

    /// `json all` names the database it came from; importing it into an empty database keeps
    /// that identity (so calendar UIDs survive a move), into a database with loans it does not.
    @Test func aMoveKeepsTheDatabaseIdentity() throws {
        defer { loans.remove() }
        _ = try loans.must("add", "Dune", "--from", "Library", "--due", "2026-12-02")
        let document = loans.folder + "/all.json"
        #expect(try loans.shell("loans json all > '\(document)'").status == 0)
        func identity(_ database: String) throws -> String {
            try loans.shell("loans --db '\(database)' json | jq -r .database_id").out
        }
        let original = try identity(loans.folder + "/loans.db")
        #expect(original.count == 33, "a 32-digit identity and a newline: \(original)")
        let moved = loans.folder + "/moved.db"
        #expect(try loans("--db", moved, "import", document).status == 0)
        #expect(try identity(moved) == original)
        let busy = loans.folder + "/busy.db"
        _ = try loans.must("--db", busy, "add", "Tent", "--from", "Priya", "--due", "2026-12-09")
        let own = try identity(busy)
        #expect(try loans("--db", busy, "import", document, "--renumber").status == 0)
        #expect(try identity(busy) == own && own != original)
    }
}

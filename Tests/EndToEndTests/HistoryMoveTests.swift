import Foundation
import LoansTestSupport
import Testing

/// Moving a household with its history — `json all --history | import -` — through the built
/// binary, from a SQLite file to a real PostgreSQL server and between databases: the history
/// reads the same there, undo and redo go on, a database that is not empty leaves the history
/// aside, and a hostile history is refused with nothing written.
@Suite struct HistoryMoveTests {
    let loans: BinaryHarness
    let server: PostgresServer

    init() throws {
        loans = try BinaryHarness()
        server = try PostgresServer.shared()
    }

    /// A household's history on the SQLite file: adds, a renewal, a return undone, a removal.
    func household() throws {
        try loans.must("add", "Dune", "--from", "City Library", "--due", "+3d", "--note", "Second copy")
        try loans.must("add", "Azul", "--to", "Jonas", "--due", "+20d")
        try loans.must("add", "Ladder", "--from", "Dad", "--due", "2026-11-23", "--lent", "2026-11-17")
        try loans.must("renew", "1", "--by", "+1w")
        try loans.must("return", "3", "--on", "2026-11-25")
        try loans.must("remove", "2")
        try loans.must("return", "1")
        try loans.must("undo")
    }

    /// `json history` (or another `json` query) without the moment it was printed.
    func history(_ database: String, _ query: String = "history") throws -> String {
        let printed = try loans("--db", database, "json", query)
        #expect(printed.status == 0, "\(printed.err)")
        return printed.out.replacingOccurrences(of: #""generated_at":"[^"]*""#, with: "", options: .regularExpression)
    }

    @Test func aMoveToTheServerKeepsTheHistory() throws {
        defer { loans.remove() }
        try household()
        let file = loans.folder + "/loans.db"
        let url = server.url(try server.createDatabase())
        let moved = try loans.shell("loans json all --history | loans --db '\(url)' import -")
        #expect(moved.status == 0 && moved.out == "Imported 2 loans and their history (8 changes).\n", "\(moved.out)\(moved.err)")
        #expect(try loans("--db", url, "history").out == loans("--db", file, "history").out)
        // On the server a change names the database role too; one moved from the file takes the import's.
        #expect(try history(url).replacingOccurrences(of: " as \(PostgresServer.role)\"", with: "\"") == history(file))
        #expect(try history(url, "all") == history(file, "all"), "the same loans and the same database_id")

        // The same document again: the server is not empty now, so its history is left aside.
        let again = try loans.shell("loans json all --history | loans --db '\(url)' import -")
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out == "Nothing imported: 2 loans unchanged. The document's history (8 changes) was left aside: the database already had loans or history.\n")
        #expect(try loans("--db", url, "history").out == loans("--db", file, "history").out)

        // Undo on the server right after the move undoes the newest change of the same who; a
        // change made there, moved on to a second server database, is undone there the same way.
        #expect(try loans("--db", url, "undo").out == "Undid: removed #2 Azul — it is back\n")
        #expect(try loans("--db", url, "redo").out == "Redid: removed #2 Azul — it is gone again\n")
        try loans.must("--db", url, "renew", "1", "--by", "+2d")
        let second = server.url(try server.createDatabase())
        let onward = try loans.shell("loans --db '\(url)' json all --history | loans --db '\(second)' import -")
        #expect(onward.status == 0 && onward.out == "Imported 2 loans and their history (11 changes).\n", "\(onward.err)")
        #expect(try history(second) == history(url))
        #expect(try loans("--db", second, "undo").out == "Undid: renewed #1 Dune — it is due 2026-12-09 again\n")
        #expect(try loans("--db", second, "add", "Saw", "--to", "Kim", "--due", "+1d").out == "4\n", "ids the history used stay used")
    }

    @Test func aMoveBetweenFilesKeepsUndoAndRedo() throws {
        defer { loans.remove() }
        try household()
        let next = loans.folder + "/next.db"
        let moved = try loans.shell("loans json all --history | loans --db '\(next)' import -")
        #expect(moved.status == 0, "\(moved.err)")
        #expect(try loans("--db", next, "history").out == loans("history").out)
        #expect(try loans("--db", next, "redo").out == "Redid: returned #1 Dune — it is returned again\n")
        #expect(try loans("--db", next, "undo").out == "Undid: returned #1 Dune — it is open again\n")
        #expect(try loans("--db", next, "undo").out == "Undid: removed #2 Azul — it is back\n")
        let into = loans.folder + "/full.db"
        try loans.must("--db", into, "add", "Tent", "--to", "Ann", "--due", "+2d")
        let aside = try loans.shell("loans json all --history | loans --db '\(into)' import --renumber -")
        #expect(aside.status == 0 && aside.out.contains("history (8 changes) was left aside"), "\(aside.out)\(aside.err)")
        #expect(try loans("--db", into, "history").out.split(separator: "\n").count == 2, "its own add and the import")
        #expect(try loans("--db", into, "undo").status == 0)
        #expect(try loans("--db", into, "list", "--all").out.contains("Tent"))
    }

    @Test func withoutHistoryTheDocumentIsUnchangedAndHistoryGoesWithAllOnly() throws {
        defer { loans.remove() }
        try household()
        let plain = try loans("json", "all").out
        let carried = try loans("json", "all", "--history").out
        #expect(!plain.contains("\"changes\""))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(carried.utf8)) as? [String: Any])
        #expect((parsed["changes"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == Array(1...8), "oldest first")
        #expect(carried.range(of: "\"changes\":[")!.lowerBound < carried.range(of: "\"loans\":[")!.lowerBound)
        let loansPart = String(carried[carried.range(of: "],\"loans\":[")!.upperBound...])
        #expect(loansPart == String(plain[plain.range(of: "\"loans\":[")!.upperBound...]))
        for refused in [["json", "--history"], ["json", "history", "--history"], ["json", "all", "--history", "--ndjson"]] {
            let result = try loans.run(BinaryHarness.binary, refused)
            #expect(result.status == 64 && result.out.isEmpty, "\(refused): \(result.err)")
        }
    }

    /// Bad histories: each is exit 65 naming its path, and nothing is written — no database file
    /// for a first import, no change on the server.
    @Test func aHostileHistoryIsRefusedWithNothingWritten() throws {
        defer { loans.remove() }
        try household()
        let document = try loans("json", "all", "--history").out
        let database = try server.createDatabase()
        let url = server.url(database)
        try loans.must("--db", url, "add", "Own", "--to", "Ann", "--due", "+1d")
        try loans.must("--db", url, "remove", "1")
        let cases: [(String, String, String)] = [
            (#""kind":"renew""#, #""kind":"borrow""#, "changes[3].kind"),
            (#""id":4,"at""#, #""id":9007199254740992,"at""#, "changes[3].id"),
            (#""id":4,"at":"2026"#, #""id":4,"at":"2026-13"#, "changes[3].at"),
            (#""undone":true"#, #""undone":"yes""#, "changes"),
            (#""target":null"#, #""target":"none""#, "changes[0].target"),
            (#""who":""#, #""who":7,"x":""#, "changes[0].who"),
        ]
        for (find, replace, path) in cases {
            let range = try #require(document.range(of: find), "\(find) is in the document")
            let hostile = document.replacingCharacters(in: range, with: replace)
            let first = loans.folder + "/first.db"
            let refused = try loans("--db", first, "import", "-", stdin: hostile)
            #expect(refused.status == 65 && refused.err.hasPrefix("loans: \(path)"), "\(replace): \(refused.err)")
            #expect(!FileManager.default.fileExists(atPath: first), "\(replace): no database is left behind")
            let onServer = try loans("--db", url, "import", "-", stdin: hostile)
            #expect(onServer.status == 65 && onServer.err.hasPrefix("loans: \(path)"), "\(replace): \(onServer.err)")
            #expect(try server.psql(database, "SELECT (SELECT count(*) FROM loans.change) || ' ' || (SELECT count(*) FROM loans.loan)") == "2 0")
        }
    }
}

import Foundation
import LoansTestSupport
import Testing

/// `loans person` and `loans people` through the built binary: a contact set, shown, listed with
/// the open loans of every spelling of a name, refused when its address or name is bad (without
/// the raw value reaching the terminal), in the history and undone like any change, carried by
/// `json all` and kept by `import`, and moved with the history onto a PostgreSQL server.
@Suite struct PeopleEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// Alice has two open loans under two spellings, the library one, Dad one returned.
    func household() throws {
        try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-26")
        try loans.must("add", "Dune", "--from", "City Library", "--due", "+3d")
        try loans.must("add", "Tent", "--to", "alice", "--due", "+5d")
        try loans.must("add", "Ladder", "--from", "Dad", "--due", "2026-11-23", "--lent", "2026-11-17")
        try loans.must("return", "4", "--on", "2026-11-25")
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A document's `people` as name and address pairs ("null" for null).
    func people(_ document: [String: Any]) -> [[String]]? {
        (document["people"] as? [[String: Any]])?.map { [$0["name"] as? String ?? "?", $0["email"] as? String ?? ($0["email"] is NSNull ? "null" : "?")] }
    }

    @Test func aContactIsSetShownAndListedWithEveryonesOpenLoans() throws {
        defer { loans.remove() }
        try household()
        let added = try loans("person", "Alice", "--email", "alice@example.org")
        #expect(added.status == 0 && added.out == "Added Alice: alice@example.org.\n" && added.err.isEmpty, "\(added.err)")
        #expect(try loans("person", "ALICE", "--email", "alice@example.org").out == "Set ALICE: alice@example.org (was Alice: alice@example.org).\n")
        #expect(try loans("person", "Alice", "--email", "alice@example.org").out == "Set Alice: alice@example.org (was ALICE: alice@example.org).\n")
        #expect(try loans("person", "Alice", "--email", "alice@example.org").out == "Unchanged: Alice: alice@example.org.\n")
        #expect(try loans("person", "Bob", "--no-email").out == "Added Bob: no address.\n")
        #expect(try loans("person", "alice").out == """
            Name:        Alice
            E-mail:      alice@example.org
            Contact:     kept
            Open loans:  2 (2 in all)

            """)
        #expect(try loans("person", "dad").out == """
            Name:        Dad
            E-mail:      none
            Contact:     none (only named by loans)
            Open loans:  0 (1 in all)

            """)
        let nobody = try loans("person", "Nobody")
        #expect(nobody.status == 1 && nobody.out.isEmpty && nobody.err == "loans: no contact is kept for \"Nobody\" and no loan names them\n")
        #expect(try loans("people").out == """
            Alice         alice@example.org  2 open loans
            Bob           no address         0 open loans
            City Library  no address         1 open loan
            Dad           no address         0 open loans

            """)
        #expect(try loans("person", "alice", "--email", "new@example.org").out == "Set alice: new@example.org (was Alice: alice@example.org).\n")
        #expect(try loans("person", "Alice", "--no-email").out == "Set Alice: no address (was alice: new@example.org).\n")
        let empty = try BinaryHarness()
        defer { empty.remove() }
        #expect(try empty("people").out == "No people yet.\n")
        #expect(!FileManager.default.fileExists(atPath: empty.folder + "/loans.db"), "a read makes no database")
    }

    /// A bad address or name is a usage error (64) whose message shows the value quoted, its
    /// controls escaped and a long one cut short; nothing is written. A name with controls is
    /// kept as given and shown with them as spaces.
    @Test func badAddressesAndNamesAreRefusedWithoutReachingTheTerminal() throws {
        defer { loans.remove() }
        let usage = "Usage: loans person NAME [--email ADDRESS | --no-email]\n"
        let spaced = try loans("person", "Alice", "--email", "alice at example.org")
        #expect(spaced.status == 64 && spaced.out.isEmpty)
        #expect(spaced.err == "loans: --email: \"alice at example.org\" is not an e-mail address: it holds a space, which an address may not hold\n" + usage)
        let hostile = try loans("person", "Alice", "--email", "a\u{1B}]0;pwned\u{7}\u{202E}@example.org")
        #expect(hostile.status == 64)
        #expect(hostile.err.hasPrefix(#"loans: --email: "a\u{1b}]0;pwned\u{7}\u{202e}@example.org" is not an e-mail address: it holds U+001B"#), "\(hostile.err)")
        #expect(!hostile.err.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{202E}" })
        let long = try loans("person", "Alice", "--email", String(repeating: "a", count: 10_000) + "@example.org")
        #expect(long.status == 64 && long.err.count < 600 && long.err.contains("…\" is not an e-mail address: it is longer than 254 bytes"))
        #expect(try loans("person", "Alice", "--email", "alice").err.hasPrefix("loans: --email: \"alice\" is not an e-mail address: it has no \"@\""))
        #expect(try loans("person", "Alice", "--email", "a@b.org", "--no-email").status == 64)
        let blank = try loans("person", "  ", "--no-email")
        #expect(blank.status == 64 && blank.err == "loans: NAME: name must not be empty\n" + usage)
        #expect(try loans("person").status == 64)
        let longName = try loans("person", String(repeating: "x", count: 10_000), "--no-email")
        #expect(longName.status == 64 && longName.err == "loans: NAME: name is longer than 500 characters\n" + usage)
        #expect(try loans("--db", loans.folder + "/long.db", "person", String(repeating: "x", count: 500), "--no-email").status == 0)
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/loans.db"), "nothing was written")

        let evil = "Ev\u{1B}[31mil\u{202E}\nX"
        #expect(try loans("person", evil, "--no-email").out == "Added Ev [31mil  X: no address.\n")
        let listed = try loans("people").out
        #expect(listed == "Ev [31mil  X  no address  0 open loans\n")
        let history = try loans("history").out
        #expect(!(listed + history).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(try people(object(loans("json", "all").out)) == [[evil, "null"]], "kept as given")
    }

    /// A contact is a change: in the history (text and JSON), undone and redone by its author.
    @Test func aContactIsInTheHistoryAndUndoneLikeAnyChange() throws {
        defer { loans.remove() }
        try loans.must("add", "Tent", "--to", "Alice", "--due", "+5d")
        try loans.must("person", "Alice", "--email", "alice@example.org")
        try loans.must("person", "Alice", "--email", "alice@new.example")
        let lines = try loans("history").out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("change 3      Alice  address now alice@new.example (was alice@example.org)"), "\(lines[0])")
        #expect(lines[1].hasSuffix("change 2      Alice  contact added: alice@example.org"), "\(lines[1])")
        #expect(lines[2].contains("change 1  #1  Tent   added (lent to Alice, due 2026-12-04)"), "\(lines[2])")
        #expect(try loans("history", "1").out.split(separator: "\n").count == 1, "a loan's history holds its own changes")
        let document = try object(loans("json", "history").out)
        let changes = try #require(document["changes"] as? [[String: Any]])
        #expect(changes.map { $0["kind"] as? String } == ["person", "person", "add"])
        #expect(changes[0]["loans"] as? [Any] != nil && (changes[0]["loans"] as? [Any])?.isEmpty == true)
        let people = try #require(changes[0]["people"] as? [[String: Any]])
        #expect((people.first?["before"] as? [String: String])?["email"] == "alice@example.org")
        #expect((people.first?["after"] as? [String: String])?["email"] == "alice@new.example")
        #expect((changes[2]["people"] as? [Any])?.isEmpty == true)

        #expect(try loans("undo").out == "Undid: set contact Alice — Alice: alice@example.org again\n")
        #expect(try loans("history", "--limit", "1").out.hasSuffix("change 4    Alice  undid set contact (change 3)\n"), "the undo names the person")
        #expect(try loans("undo").out == "Undid: set contact Alice — the contact is gone again\n")
        #expect(try loans("people").out == "Alice  no address  1 open loan\n")
        #expect(try loans("redo").out == "Redid: set contact Alice — Alice: alice@example.org again\n")
        #expect(try loans("history", "--limit", "1").out.contains("redid set contact (change 2)"))
    }

    /// `json all` carries the contacts and `import` keeps them: twice changes nothing, a dry run
    /// says what it would write, a bad contact refuses the whole document by its path (65).
    @Test func jsonAllCarriesTheContactsAndImportKeepsThem() throws {
        defer { loans.remove() }
        try household()
        try loans.must("person", "Alice", "--email", "alice@example.org")
        try loans.must("person", "Bob", "--no-email")
        let text = try loans("json", "all").out
        let document = try object(text)
        #expect(people(document) == [["Alice", "alice@example.org"], ["Bob", "null"]])
        let keys = try loans.shell("loans json all | jq -c 'keys_unsorted'").out
        #expect(keys == #"["schema_version","query","generated_at","today","window_days","summary","database_id","people","loans"]"# + "\n")
        let file = loans.folder + "/all.json"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let other = loans.folder + "/other.db"
        #expect(try loans("--db", other, "import", file).out == "Imported 4 loans. Contacts: 2 new.\n")
        #expect(try loans("--db", other, "import", file).out == "Nothing imported: 4 loans unchanged. Contacts: 2 unchanged.\n")
        try loans.must("--db", other, "person", "Bob", "--email", "bob@example.org")
        let trial = try loans("--db", other, "import", "--dry-run", file)
        #expect(trial.out == "4 loans unchanged. Contacts it would write: 1 updated; 1 unchanged.\n")
        #expect(try loans("--db", other, "person", "Bob").out.contains("bob@example.org"), "a dry run writes nothing")
        #expect(try loans("--db", other, "import", file).out == "4 loans unchanged. Contacts: 1 updated; 1 unchanged.\n")
        #expect(try loans("--db", other, "undo").out == "Undid: imported — the import is reverted\n")
        #expect(try loans("--db", other, "person", "Bob").out.contains("bob@example.org"), "the import's undo brings the address back")

        let bad = text.replacingOccurrences(of: "alice@example.org", with: "alice\\u001b@example.org")
        let refused = try loans("--db", loans.folder + "/bad.db", "import", "-", stdin: bad)
        #expect(refused.status == 65 && refused.err.hasPrefix("loans: people[0].email: \"alice\\u{1b}@example.org\" is not an e-mail address"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/bad.db"))
        let fixture = try loans("--fixture", file, "people")
        #expect(fixture.status == 0 && fixture.out.hasPrefix("Alice         alice@example.org  2 open loans\n"), "a fixture's contacts are its document's")
    }

    /// `json all --history | import` into an empty database moves the contacts with their history:
    /// the next undo undoes the newest contact set; into a PostgreSQL server too.
    @Test func aMoveKeepsTheContactsAndTheirUndo() throws {
        defer { loans.remove() }
        try household()
        try loans.must("person", "Alice", "--email", "alice@example.org")
        try loans.must("person", "Bob", "--no-email")
        let next = loans.folder + "/next.db"
        let moved = try loans.shell("loans json all --history | loans --db '\(next)' import -")
        #expect(moved.out == "Imported 4 loans and their history (7 changes). Contacts: 2 new.\n", "\(moved.err)")
        #expect(try loans("--db", next, "history").out == loans("history").out)
        #expect(try loans("--db", next, "undo").out == "Undid: set contact Bob — the contact is gone again\n")
        #expect(try loans("--db", next, "people").out.contains("Bob") == false)

        let server = try PostgresServer.shared()
        let url = server.url(try server.createDatabase())
        let onServer = try loans.shell("loans json all --history | loans --db '\(url)' import -")
        #expect(onServer.status == 0 && onServer.out == moved.out, "\(onServer.err)")
        #expect(try loans("--db", url, "people").out == loans("people").out)
        #expect(try loans("--db", url, "undo").out == "Undid: set contact Bob — the contact is gone again\n")
        #expect(try loans("--db", url, "person", "alice", "--email", "alice@server.example").out
            == "Set alice: alice@server.example (was Alice: alice@example.org).\n")
        #expect(try loans("--db", url, "person", "ALICE").out.contains("alice@server.example"))
        #expect(try loans("--db", url, "undo").out == "Undid: set contact alice — Alice: alice@example.org again\n")
        #expect(try loans("--db", url, "redo").out == "Redid: set contact alice — alice: alice@server.example again\n")
    }
}

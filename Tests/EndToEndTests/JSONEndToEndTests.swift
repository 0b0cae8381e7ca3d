import Foundation
import Testing

/// `loans json` and `loans import` through the built binary, checked with jq and a JSON decoder.
@Suite struct JSONEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    static let fixture = """
        {"schema_version": 1, "query": "all", "loans": [
          {"id": 1, "title": "The Hobbit", "direction": "lent", "counterparty": "Alice", "lent_on": "2026-11-01", "due_on": "2026-11-27"},
          {"id": 2, "title": "Dune", "direction": "borrowed", "counterparty": "Library", "lent_on": "2026-11-01", "due_on": "2026-11-29", "renewals": 1, "previous_due_dates": ["2026-11-15"]},
          {"id": 3, "title": "Drill", "direction": "lent", "counterparty": "Sam", "lent_on": "2026-11-20", "due_on": "2026-11-27", "note": "with bits"},
          {"id": 4, "title": "Tent", "direction": "borrowed", "counterparty": "Priya", "lent_on": "2026-11-20", "due_on": "2026-12-06"},
          {"id": 5, "title": "Ladder", "direction": "borrowed", "counterparty": "Dad", "lent_on": "2026-11-01", "due_on": "2026-11-10", "returned_on": "2026-11-12"},
          {"id": 6, "title": "Atlas", "direction": "lent", "counterparty": "Bo", "lent_on": "2026-11-01", "due_on": "2026-12-25"}
        ]}
        """

    func writeFixture() throws -> String {
        let path = loans.folder + "/fixture.json"
        try Self.fixture.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func ids(_ document: [String: Any]) -> [Int] {
        (document["loans"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    @Test func eachQueryGivesItsGoldenDocument() throws {
        defer { loans.remove() }
        let fixture = try writeFixture()
        let expected: [(String, [Int])] = [("agenda", [1, 3, 2, 4]), ("overdue", [1, 3]), ("due-soon", [2, 4]), ("all", [1, 2, 3, 4, 5, 6])]
        for (query, order) in expected {
            let result = try loans("json", query, "--fixture", fixture)
            #expect(result.status == 0)
            let document = try object(result.out)
            #expect(document["query"] as? String == query)
            #expect(document["schema_version"] as? Int == 1)
            #expect(document["today"] as? String == "2026-11-29")
            #expect(document["window_days"] as? Int == 7)
            #expect(document["summary"] as? [String: Int] == ["overdue": 2, "due_soon": 2])
            #expect(ids(document) == order, "\(query)")
        }
        let implicit = try object(try loans("json", "--fixture", fixture).out)
        #expect(implicit["query"] as? String == "agenda")
        let statuses = try object(try loans("json", "all", "--fixture", fixture).out)["loans"] as? [[String: Any]] ?? []
        #expect(statuses.map { $0["status"] as? String } == ["overdue", "due_soon", "overdue", "due_soon", "returned", "open"])
        #expect(statuses.map { $0["days_until_due"] as? Int } == [-2, 0, -2, 7, nil, 26])
    }

    @Test func keysNullsAndOrderHoldUnderJQ() throws {
        defer { loans.remove() }
        let fixture = try writeFixture()
        let checks = [
            #"keys_unsorted == ["schema_version","query","generated_at","today","window_days","summary","database_id","people","loans"]"#,
            #".loans | all(keys_unsorted == ["id","title","direction","counterparty","lent_on","due_on","returned_on","note","renewals","previous_due_dates","status","days_until_due"])"#,
            #".generated_at | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$")"#,
            #".loans[] | select(.id == 5) | .returned_on == "2026-11-12" and .days_until_due == null and .note == null"#,
            #".loans[] | select(.id == 2) | .renewals == 1 and .previous_due_dates == ["2026-11-15"]"#,
            #".loans[] | select(.id == 3) | .note == "with bits" and .returned_on == null"#,
        ]
        for check in checks {
            let result = try loans.shell("loans json all --fixture '\(fixture)' | jq -e '\(check)'")
            #expect(result.status == 0, "\(check)")
        }
    }

    @Test func ndjsonPrintsOneLoanPerLineAndNothingElse() throws {
        defer { loans.remove() }
        let fixture = try writeFixture()
        for (query, count) in [("all", 6), ("agenda", 4), ("overdue", 2)] {
            let out = try loans("json", query, "--ndjson", "--fixture", fixture).out
            let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == count + 1 && lines.last == "")
            for line in lines.dropLast() {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] != nil)
            }
        }
        #expect(try loans("json", "overdue", "--ndjson", "--today", "2026-11-01", "--fixture", fixture).out == "")
    }

    @Test func exportImportExportIsExact() throws {
        defer { loans.remove() }
        let titles = [
            #"quote " and backslash \ slash /"#, "new\nline and\ttab", "esc \u{1B}[31m red", "line\u{2028}separator",
            "emoji 👩‍👩‍👧 and 🇫🇷", "日本語のタイトル", "</script><script>alert(1)</script>", "nul\u{0}byte",
        ]
        for title in titles {
            #expect(try loans("add", title, "--to", "Ünïcødé \"name\"", "--due", "+3d", "--note", "note\n\(title)").status == 0)
        }
        #expect(try loans("renew", "2", "--by", "+1w").status == 0)
        #expect(try loans("return", "3").status == 0)
        let first = try loans("json", "all").out
        let path = loans.folder + "/export.json"
        try first.write(toFile: path, atomically: true, encoding: .utf8)
        let fresh = loans.folder + "/fresh.db"
        #expect(try loans("--db", fresh, "import", path).out == "Imported 8 loans.\n")
        let second = try loans("--db", fresh, "json", "all").out
        let a = try object(first)["loans"] as? [[String: Any]]
        let b = try object(second)["loans"] as? [[String: Any]]
        #expect(a.map { NSArray(array: $0) } == b.map { NSArray(array: $0) })
        #expect((a?.first?["title"] as? String) == titles[0])
        let f = loans.folder
        let compare = try loans.shell("loans json all | jq -c .loans > '\(f)/a' && loans --db '\(fresh)' json all | jq -c .loans > '\(f)/b' && cmp '\(f)/a' '\(f)/b'")
        #expect(compare.status == 0)
    }

    static let badDocuments: [(String, String)] = [
        ("truncated", #"{"schema_version": 1, "loans": [{"id": 1, "title": "#),
        ("wrong type", #"{"schema_version": 1, "loans": [{"id": "1", "title": "A", "direction": "lent", "counterparty": "B", "lent_on": "2026-11-01", "due_on": "2026-11-02"}]}"#),
        ("unknown version", #"{"schema_version": 2, "loans": []}"#),
        ("missing version", #"{"loans": []}"#),
        ("impossible date in the 2nd loan", #"{"schema_version": 1, "loans": [{"id": 1, "title": "A", "direction": "lent", "counterparty": "B", "lent_on": "2026-11-01", "due_on": "2026-11-02"}, {"id": 2, "title": "A", "direction": "lent", "counterparty": "B", "lent_on": "2026-11-01", "due_on": "2026-02-30"}]}"#),
        ("duplicate ids", #"{"schema_version": 1, "loans": [{"id": 1, "title": "A", "direction": "lent", "counterparty": "B", "lent_on": "2026-11-01", "due_on": "2026-11-02"}, {"id": 1, "title": "A", "direction": "lent", "counterparty": "B", "lent_on": "2026-11-01", "due_on": "2026-11-02"}]}"#),
        ("negative renewals", #"{"schema_version": 1, "loans": [{"id": 1, "title": "A", "direction": "lent", "counterparty": "B", "lent_on": "2026-11-01", "due_on": "2026-11-02", "renewals": -1}]}"#),
        ("not JSON", "hello"),
        ("empty", ""),
    ]

    @Test(arguments: badDocuments)
    func aBadDocumentExits65AndWritesNothing(_ name: String, _ document: String) throws {
        defer { loans.remove() }
        #expect(try loans("add", "Kept", "--to", "A", "--due", "+1d").status == 0)
        let db = loans.folder + "/loans.db"
        let before = FileManager.default.contents(atPath: db)
        let export = try loans("json", "all").out
        let result = try loans("import", "-", stdin: document)
        #expect(result.status == 65, "\(name): \(result.err)")
        #expect(result.out.isEmpty && result.err.hasPrefix("loans: "))
        #expect(FileManager.default.contents(atPath: db) == before)
        #expect(try loans("json", "all").out.dropFirst(80) == export.dropFirst(80))
    }

    @Test func theSecondLoansBadDateIsNamedByPath() throws {
        defer { loans.remove() }
        let result = try loans("import", "-", stdin: Self.badDocuments[4].1)
        #expect(result.err == "loans: loans[1].due_on: \"2026-02-30\" is not a date\n")
        // The import streams in one pass: the first loan was written into a database built aside,
        // which never took the database's name.
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/loans.db"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: loans.folder).filter { $0.hasPrefix("loans.db") }.isEmpty)
    }

    @Test func aHugeTitleIsRefusedAsData() throws {
        defer { loans.remove() }
        let path = loans.folder + "/huge.json"
        var document = Data(#"{"schema_version": 1, "loans": [{"id": 1, "direction": "lent", "counterparty": "B", "lent_on": "2026-11-01", "due_on": "2026-11-02", "title": ""#.utf8)
        document.append(Data(repeating: UInt8(ascii: "x"), count: 100 * 1024 * 1024))
        document.append(Data(#""}]}"#.utf8))
        try document.write(to: URL(fileURLWithPath: path))
        let result = try loans("import", path)
        #expect(result.status == 65)
        #expect(result.err == "loans: loans[0].title: longer than 1 MiB, the most one value may take\n")
    }

    @Test func invalidUTF8IsRefusedAsData() throws {
        defer { loans.remove() }
        let path = loans.folder + "/latin1.json"
        var document = Data(#"{"schema_version": 1, "loans": [{"id": 1, "title": "caf"#.utf8)
        document.append(0xE9)
        document.append(Data(#"", "direction": "lent", "counterparty": "B", "lent_on": "2026-11-01", "due_on": "2026-11-02"}]}"#.utf8))
        try document.write(to: URL(fileURLWithPath: path))
        let result = try loans("import", path)
        #expect(result.status == 65 && result.err.contains("invalid UTF-8"))
    }

    @Test func aMissingFileIsNamed() throws {
        defer { loans.remove() }
        let result = try loans("import", loans.folder + "/nope.json")
        #expect(result.status == 66 && result.err.contains("nope.json"))
        #expect(try loans("json", "weekly").status == 64)
    }
}

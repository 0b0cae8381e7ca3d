import Foundation
import Testing

/// One table of hostile titles, counterparties and notes, pushed through every front of the
/// built binary; each front's own rule is checked (Docs/Reliability.md).
@Suite struct HostileInputTests {
    /// Hostile values and why each is in the table.
    static let values: [(String, String)] = [
        ("CSI colour", "\u{1B}[31mred\u{1B}[0m"),
        ("OSC retitle", "\u{1B}]0;owned\u{07}"),
        ("C1 CSI", "\u{9B}2J cleared"),
        ("bell and backspace", "ding\u{07}\u{08}\u{08}"),
        ("DEL and unit separator", "del\u{7F}us\u{1F}x"),
        ("bidi override", "\u{202E}txt.exe"),
        ("tmux formats", "#{host} #(touch PWNED) #S #[fg=red]x#"),
        ("pango", "<b>bold</b> & 'q' \"dq\""),
        ("polybar action", "%{A1:touch PWNED:}click%{A}"),
        ("JSON breakers", "\"}], \\u0000 \\\" \\"),
        ("newlines", "one\ntwo\r\nthree\u{2028}four"),
        ("wide", "日本語 👩‍👩‍👧 e\u{301}"),
    ]

    /// A document holding one loan per hostile value (title, counterparty and note alike).
    static func document() throws -> Data {
        let loans = values.enumerated().map { index, value -> [String: Any] in
            [
                "id": index + 1, "title": value.1, "direction": index.isMultiple(of: 2) ? "lent" : "borrowed",
                "counterparty": value.1, "lent_on": "2026-11-01", "due_on": index.isMultiple(of: 2) ? "2026-11-27" : "2026-12-01",
                "note": value.1, "renewals": 0, "previous_due_dates": [],
            ]
        }
        return try JSONSerialization.data(withJSONObject: ["schema_version": 1, "query": "all", "loans": loans])
    }

    func seeded() throws -> BinaryHarness {
        let loans = try BinaryHarness()
        let path = loans.folder + "/hostile.json"
        try Self.document().write(to: URL(fileURLWithPath: path))
        let imported = try loans("import", path)
        #expect(imported.status == 0, "\(imported.err)")
        return loans
    }

    static func hasRawControl(_ text: String, allowing allowed: Set<Unicode.Scalar> = ["\n"]) -> Bool {
        text.unicodeScalars.contains { scalar in
            !allowed.contains(scalar) && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }
    }

    @Test func textOutputNeverCarriesAControlCharacter() throws {
        let loans = try seeded()
        defer { loans.remove() }
        var commands = [["agenda"], ["overdue"], ["due-soon"], ["list", "--all"]]
        commands += (1...Self.values.count).map { ["show", "\($0)"] }
        for command in commands {
            let result = try loans.run(BinaryHarness.binary, command)
            #expect(result.status == 0)
            #expect(!Self.hasRawControl(result.out), "\(command)")
        }
    }

    @Test func jsonStaysValidAndExact() throws {
        let loans = try seeded()
        defer { loans.remove() }
        let out = try loans("json", "all").out
        #expect(!Self.hasRawControl(out, allowing: ["\n", "\u{202E}"]))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let titles = (document["loans"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(titles == Self.values.map(\.1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        for line in try loans("json", "agenda", "--ndjson").out.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
        }
    }

    @Test func limitsHoldWithTheirExitCodes() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let fits = String(repeating: "界", count: 500)
        #expect(try loans("add", fits, "--to", "A", "--due", "+1d").status == 0)
        let long = try loans("add", fits + "x", "--to", "A", "--due", "+1d")
        #expect(long.status == 64 && long.err.contains("longer than 500"))
        let path = loans.folder + "/long.json"
        let document = #"{"schema_version":1,"loans":[{"id":9,"title":"\#(fits)x","direction":"lent","counterparty":"A","lent_on":"2026-11-01","due_on":"2026-11-02"}]}"#
        try document.write(toFile: path, atomically: true, encoding: .utf8)
        let imported = try loans("import", path)
        #expect(imported.status == 65 && imported.err == "loans: loans[0].title: title is longer than 500 characters\n")
        #expect(try loans("list").out.split(separator: "\n").count == 1)
    }

    @Test func nothingFromDataIsEverRun() throws {
        let loans = try seeded()
        defer { loans.remove() }
        _ = try loans.shell("cd '\(loans.folder)' && loans agenda && loans list --all && loans json all")
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/PWNED"))
    }
}

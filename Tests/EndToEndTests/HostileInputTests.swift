import Foundation
import LoansTestSupport
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
        ("terminal queries", "\u{1B}[6n\u{1B}[c\u{1B}]0;touch PWNED\u{07}\u{1B}[21t"),
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
        let ndjson = try loans("json", "all", "--ndjson")
        #expect(ndjson.status == 0 && ndjson.err.isEmpty, "\(ndjson.err)")
        let lines = ndjson.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == Self.values.count + 1 && lines.last == "", "\(lines.count - 1) lines for \(Self.values.count) loans")
        let objects = lines.dropLast().map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.allSatisfy { $0 != nil })
        #expect(objects.compactMap { $0?["title"] as? String } == titles)
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

    /// Each value alone in a database of its own, as the one overdue loan, for the widget.
    func databasesOfOne(_ loans: BinaryHarness) throws -> [String] {
        try Self.values.indices.map { index in
            let database = loans.folder + "/case\(index).db"
            let document = loans.folder + "/case\(index).json"
            let value = Self.values[index].1
            let loan: [String: Any] = [
                "id": 1, "title": value, "direction": "lent", "counterparty": value, "lent_on": "2026-11-01",
                "due_on": "2026-11-27", "note": value, "renewals": 0, "previous_due_dates": [],
            ]
            try JSONSerialization.data(withJSONObject: ["schema_version": 1, "query": "all", "loans": [loan]])
                .write(to: URL(fileURLWithPath: document))
            let imported = try loans("--db", database, "import", document)
            #expect(imported.status == 0 && imported.err.isEmpty, "\(imported.err)")
            return database
        }
    }

    /// Everything that could obey loans' output, fed the table: a real terminal with a shell
    /// behind it (text), a real tmux status line (`tmux`), Pango (`waybar`), and a shell
    /// running every click action polybar would find (`polybar`). Each shows the payload
    /// literally, and nothing ran: no file, no new pane title, nothing typed back.
    @Test func nothingFromDataIsEverRun() throws {
        let loans = try seeded()
        defer { loans.remove() }
        let folder = loans.folder
        let pwned = folder + "/PWNED"

        let typedBack = folder + "/typed-back"
        let commands = "cd '\(folder)' && loans list --all && loans show 1 && loans show 13"
        let pane = try TUITmuxPane(loans, command: commands + " && " + OutputConsumers.typedBackLine(folder: folder, file: typedBack), width: 200, height: 60)
        defer { pane.close() }
        #expect(try pane.exitStatus() == 0, "\((try? pane.screen()) ?? "")")
        let screen = try pane.screen()
        for literal in ["#{host} #(touch PWNED) #S #[fg=red]x#", "%{A1:touch PWNED:}click%{A}", "]0;owned", " [31mred [0m", "<b>bold</b>", " [6n [c ]0;touch PWNED  [21t"] {
            #expect(screen.contains(literal), "the terminal does not show \(literal):\n\(screen)")
        }
        let title = try pane.tmux("display-message", "-p", "-t", "t", "#{pane_title}")
        #expect(!title.contains("owned") && !title.contains("PWNED"), "the pane title became \(title)")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: typedBack))) == Data(), "the terminal typed something back")

        // Each bar must show what `plain` shows: the payload, with control characters as spaces.
        let databases = try databasesOfOne(loans)
        let widget = { (database: String, format: String) in
            "cd '\(folder)' && \(BinaryHarness.binary) --db '\(database)' widget --format \(format) --max-width 200"
        }
        let visible = try databases.map { database in
            let plain = try loans.run("/bin/sh", ["-c", widget(database, "plain")])
            #expect(plain.status == 0 && plain.err.isEmpty && !BarReading.hasControl(plain.out.dropLast().description), "\(plain)")
            return String(plain.out.dropLast())
        }
        #expect(visible.contains("1 overdue: #{host} #(touch PWNED) #S #[fg=red]x# (2 days overdue)"), "\(visible)")
        #expect(visible.contains("1 overdue: %{A1:touch PWNED:}click%{A} (2 days overdue)"), "\(visible)")
        // tmux draws a ZWJ sequence and a combining mark its own way: that row is for the other consumers.
        let tmuxCases = Self.values.indices.filter { Self.values[$0].0 != "wide" }
        let shown = try TmuxStatusLine(loans).lines(tmuxCases.map { widget(databases[$0], "tmux") })
        for (index, line) in zip(tmuxCases, shown) {
            #expect(line == visible[index], "tmux status line for \(Self.values[index].0)")
        }

        var markups: [String] = []
        for (index, database) in databases.enumerated() {
            let waybar = try loans.run("/bin/sh", ["-c", widget(database, "waybar")])
            #expect(waybar.status == 0 && waybar.err.isEmpty, "\(waybar.err)")
            let object = try JSONSerialization.jsonObject(with: Data(waybar.out.utf8)) as? [String: Any]
            markups.append(object?["text"] as? String ?? "")
            let polybar = try loans.run("/bin/sh", ["-c", widget(database, "polybar")])
            #expect(polybar.status == 0 && polybar.err.isEmpty, "\(polybar.err)")
            let line = polybar.out.trimmingCharacters(in: .newlines)
            #expect(BarReading.polybar(line) == visible[index], "polybar for \(Self.values[index].0): \(line)")
            try OutputConsumers.click(line, in: folder)
        }
        for (index, reading) in try RealPango.read(markups).enumerated() {
            #expect(reading == RealPango.Reading(text: visible[index], styled: false, error: nil), "Pango for \(Self.values[index].0)")
        }
        #expect(!FileManager.default.fileExists(atPath: pwned))
    }

    /// The consumers above do obey raw output, so the checks can fail: a raw cursor query
    /// is answered into the shell's input, and a raw polybar action runs.
    @Test func theConsumersObeyRawOutput() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let typedBack = loans.folder + "/typed-back"
        let line = try OutputConsumers.typedBackLine(folder: loans.folder, file: typedBack)
        let pane = try TUITmuxPane(loans, command: "printf '\\033[6n' && " + line)
        defer { pane.close() }
        #expect(try pane.exitStatus() == 0)
        let answer = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: typedBack))) ?? Data(), as: UTF8.self)
        #expect(answer.hasPrefix("\u{1B}[") && answer.hasSuffix("R"), "\(answer.debugDescription)")
        #expect(OutputConsumers.polybarActions("%{F#FF5555}%{A1:touch PWNED:}x%{A}%{F-}") == ["touch PWNED"])
        try OutputConsumers.click("%{A1:touch PWNED:}x%{A}", in: loans.folder)
        #expect(FileManager.default.fileExists(atPath: loans.folder + "/PWNED"))
    }
}

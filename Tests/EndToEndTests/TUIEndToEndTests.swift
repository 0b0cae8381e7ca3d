import Foundation
import Testing

/// The built binary's TUI in a real terminal (tmux): navigate, open a detail, add through the
/// form, return, filter, resize, see another process's change, quit — and the terminal is
/// given back as it was, after a quit, a failure screen or a signal.
@Suite struct TUIEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    @Test func aWholeSessionInARealTerminal() throws {
        defer { loans.remove() }
        try loans.seedTUILoans(wide: true)
        let pane = try TUITmuxPane(loans, command: "loans tui")
        defer { pane.close() }

        let first = try pane.waitFor("OVERDUE (1)", "DUE SOON (3)", "▸ #1  The Hobbit")
        #expect(first.contains("Today: Sun 2026-11-29 · Due soon: within 7 days"))
        #expect(first.contains("3 days overdue") && first.contains("Due today") && first.contains("Due in 4 days"))
        let lines = first.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 24)
        #expect(lines.first { $0.contains("日本語の本") }?.hasSuffix("Due in 4 days") == true)

        try pane.press("j")
        try pane.waitFor("▸ #2  Dune")
        try pane.press("Enter")
        try pane.waitFor("Loan #2", "Borrowed from  City Library", "Sun 2026-11-29 · Due today")
        try pane.press("q")
        try pane.waitFor("▸ #2  Dune", absent: ["Loan #2"])

        try pane.press("a")
        try pane.waitFor("Add a loan", "› Title")
        try pane.type("Snow shovel")
        try pane.press("Tab", "Tab")
        try pane.type("Neighbour")
        try pane.press("Tab", "Tab", "C-u")
        try pane.type("2026-02-30")
        try pane.waitFor("is not a date: no such day")
        try pane.press("C-u")
        try pane.type("+2d")
        try pane.waitFor("→ Tue 2026-12-01")
        try pane.press("Enter")
        try pane.waitFor("Added loan #5.", "▸ #5  Snow shovel", "DUE SOON (4)")
        let listed = try loans("list")
        #expect(listed.status == 0)
        #expect(listed.out.contains("#5  Snow shovel") && listed.out.contains("lent to Neighbour"))

        try pane.press("r")
        try pane.waitFor("Return loan #5 · Snow shovel", "→ Sun 2026-11-29")
        try pane.press("Enter")
        try pane.waitFor("Returned loan #5 on 2026-11-29.", "DUE SOON (3)", absent: ["Snow shovel"])
        #expect(try loans("list", "--returned").out.contains("#5  Snow shovel"))

        try pane.press("/")
        try pane.type("libr")
        try pane.waitFor("Filter: /libr", "DUE SOON (1)", "▸ #2  Dune", absent: ["The Hobbit"])
        try pane.press("Enter", "Escape")
        try pane.waitFor("OVERDUE (1)", "The Hobbit", absent: ["/libr"])

        try pane.press("Tab")
        try pane.waitFor("All open")
        try pane.press("Tab")
        try pane.waitFor("Returned", "RETURNED (1)", "▸ #5  Snow shovel", "Returned 2026-11-29", absent: ["All open"])
        try pane.press("Tab")
        try pane.waitFor("Agenda", absent: ["Returned"])

        try pane.resize(width: 20, height: 5)
        try pane.waitFor("Terminal too small", absent: ["OVERDUE"])
        try pane.resize(width: 80, height: 24)
        try pane.waitFor("OVERDUE (1)", "DUE SOON (3)", absent: ["Terminal too small"])

        try loans.must("add", "From the CLI", "--to", "Bob", "--due", "+1d")
        try pane.waitFor("From the CLI", "DUE SOON (4)")

        try pane.press("?")
        try pane.waitFor("filter by title, counterparty or note")
        try pane.press("q")
        try pane.waitFor("OVERDUE (1)")
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
        #expect(try pane.result() == "terminal restored, exit 0")
        try pane.waitFor(absent: ["OVERDUE"])
    }

    @Test func anUnreadableDatabaseIsTheFailureScreenAndQuitsCleanly() throws {
        defer { loans.remove() }
        try "not a database, just text\n".write(toFile: loans.folder + "/loans.db", atomically: true, encoding: .utf8)
        let pane = try TUITmuxPane(loans, command: "loans tui")
        defer { pane.close() }
        try pane.waitFor("Loans could not be loaded: ", absent: ["No loans due soon."])
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
        #expect(try pane.result() == "terminal restored, exit 0")
    }

    @Test func theDemoOpensOnATerminalWithLoansAlone() throws {
        defer { loans.remove() }
        let pane = try TUITmuxPane(loans, command: "loans --demo", width: 100, height: 30)
        defer { pane.close() }
        try pane.waitFor("OVERDUE (2)", "DUE SOON (3)", "▸ #1  The Hobbit")
        try pane.press("Escape")
        #expect(try pane.exitStatus() == 0)
        #expect(try pane.result() == "terminal restored, exit 0")
    }

    @Test func withoutATerminalTheTUIRefusesAndLoansAlonePrintsText() throws {
        defer { loans.remove() }
        try loans.seedTUILoans(wide: true)
        let refused = try loans("tui")
        #expect(refused.status == 1 && refused.out.isEmpty)
        #expect(refused.err == "loans: tui: standard input and output must be a terminal\n")
        let text = try loans()
        #expect(text.status == 0 && text.out.hasPrefix("OVERDUE (1)\n"))
    }

    /// The benchmark SwiftPM builds beside the test bundle (bench/run builds a release one).
    static let bench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("loans-tui-bench").path

    /// The TUI's benchmark is its own program (`loans` has no benchmark mode): it renders and
    /// times keys with no terminal, over the same database, and refuses bad arguments.
    @Test func theBenchmarkRendersWithoutATerminal() throws {
        defer { loans.remove() }
        try loans.seedTUILoans(wide: true)
        let db = ["--db", loans.folder + "/loans.db", "--today", "2026-11-29"]
        let result = try loans.run(TUIEndToEndTests.bench, db + ["--keys", "40"])
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.first == "loans tui benchmark: 80x24 screen, 40 keys (j k PgDn PgUp g G Home End)")
        #expect(lines.dropFirst(1).first?.hasPrefix("first frame: ") == true && lines.dropFirst(1).first?.hasSuffix(" ms") == true)
        #expect(lines.dropFirst(2).first.map { $0.hasPrefix("per key: median ") && $0.contains(", p95 ") && $0.contains(", max ") } == true)
        #expect(lines.dropFirst(3).first?.hasPrefix("per key, CPU time: median ") == true)
        #expect(lines.dropFirst(4).first?.hasPrefix("paste 100 KB into a form field (decode, edit, draw): ") == true)
        #expect(lines.dropFirst(5).first.map { $0.hasPrefix("a key at the end of it: median ") && $0.contains(", max ") } == true)
        #expect(lines.dropFirst(6).first?.hasPrefix("paste 400 KB into the filter (decode, filter, draw): ") == true)
        #expect(lines.dropFirst(7).first.map { $0.hasPrefix("a key at the end of the filter: median ") && $0.contains(", max ") } == true)
        #expect(lines.dropFirst(8).first.map { $0.hasPrefix("a key that goes into the long filter (filter, draw): median ") && $0.contains(", max ") } == true)
        #expect(lines.last.map { $0.hasPrefix("last screen:  loans │ Today: Sun 2026-11-29") && $0.hasSuffix(" Agenda") } == true)
        for bad in ["-1", "ten", "1000001", "99999999999999999999"] {
            let refused = try loans.run(TUIEndToEndTests.bench, db + ["--keys", bad])
            #expect(refused.status == 64 && !refused.crashed && refused.err.hasPrefix("loans-tui-bench: --keys: "), "\(bad)")
        }
        let filtered = try loans.run(TUIEndToEndTests.bench, db + ["--keys", "2", "--filter", "HOBBIT"])
        let report = filtered.out.split(separator: "\n")
        #expect(filtered.status == 0 && report.count == 6, "\(filtered.out)")
        #expect(report.first == "loans tui benchmark: 80x24 screen, filter \"HOBBIT\" typed 2 times, 14 keystrokes")
        #expect(report.dropFirst(4).first?.hasPrefix("slowest keystroke: ") == true)
        for bad in ["", "a\u{1B}b", String(repeating: "x", count: 101)] {
            let refused = try loans.run(TUIEndToEndTests.bench, db + ["--keys", "1", "--filter", bad])
            #expect(refused.status == 64 && refused.err.hasPrefix("loans-tui-bench: --filter: "), "\(bad.debugDescription)")
        }
        let missing = try loans.run(TUIEndToEndTests.bench, ["--db", loans.folder + "/none/loans.db"])
        #expect(missing.status == 74 && missing.out.isEmpty, "\(missing.err)")
    }

    /// `loans tui` has no benchmark switch left: the variable is ignored, and without a terminal
    /// the TUI refuses as it always does.
    @Test func theShippedTUIHasNoBenchmarkMode() throws {
        defer { loans.remove() }
        try loans.seedTUILoans(wide: true)
        let result = try loans.run(BinaryHarness.binary, ["tui"], extra: ["LOANS_TUI_BENCH": "40"])
        #expect(result.status == 1 && result.out.isEmpty && result.err == "loans: tui: standard input and output must be a terminal\n")
    }

    @Test(arguments: [("TERM", 143), ("HUP", 129), ("INT", 130)])
    func aSignalRestoresTheTerminal(_ signal: String, _ status: Int32) throws {
        defer { loans.remove() }
        try loans.seedTUILoans(wide: true)
        let pidFile = loans.folder + "/tui.pid"
        let pane = try TUITmuxPane(loans, command: "sh -c 'echo $$ > \(pidFile); exec loans tui'")
        defer { pane.close() }
        try pane.waitFor("OVERDUE (1)")
        if signal == "INT" {
            try pane.press("C-c")
        } else {
            let pid = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try loans.run("/bin/kill", ["-\(signal)", pid]).status == 0)
        }
        #expect(try pane.exitStatus() == status)
        #expect(try pane.result() == "terminal restored, exit \(status)")
    }
}

extension TUIEndToEndTests {
    /// A family emoji takes the 8 columns of its four people (the one width table sums code
    /// points): the terminal shows them side by side, and the rest of the row stays in its columns.
    @Test func aJoinedEmojiTakesTheColumnsTheLayoutGaveIt() throws {
        defer { loans.remove() }
        try loans.must("add", "👨‍👩‍👧‍👦 family", "--to", "Alice", "--due", "2026-11-26", "--lent", "2026-11-01")
        try loans.must("add", "Plain title", "--to", "Bob", "--due", "2026-11-26", "--lent", "2026-11-01")
        let pane = try TUITmuxPane(loans, command: "loans tui")
        defer { pane.close() }
        let screen = try pane.waitFor("OVERDUE (2)", "Plain title")
        let rows = screen.split(separator: "\n").filter { $0.contains("#1") || $0.contains("#2") }.map(String.init)
        #expect(rows.count == 2, "\(screen)")
        #expect(rows.first?.contains("👨👩👧👦 family") == true, "\(rows)")
        // Columns as the pane drew them: this screen holds ASCII, one-column marks and the emoji (2).
        func columns(_ text: Substring) -> Int { text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1F000 ? 2 : 1) } }
        let dayColumns = rows.compactMap { row in row.range(of: "3 days overdue").map { columns(row[..<$0.lowerBound]) } }
        #expect(dayColumns.count == 2 && dayColumns.first == dayColumns.last, "\(rows)")
    }
}

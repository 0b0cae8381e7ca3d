import Foundation
import Glibc
import LoansTestSupport
import Testing

/// `loans widget --click BUTTON`, run as a bar runs it for a click: 1 starts the terminal of
/// `widget.terminal` with `loans tui` on the same loans, 3 starts `notify-send` with the agenda,
/// each directly (no shell) and detached (nothing of the bar's on its descriptors, a session of
/// its own); then the line is printed as usual. The stand-ins on PATH record what they were
/// given; each run is traced (`strace -f`), so when it returns every program it started has
/// run, and a program it did not start never will.
@Suite struct WidgetClickTests {
    let loans: BinaryHarness
    let recorders: ClickRecorders

    init() throws {
        var loans = try BinaryHarness()
        recorders = try ClickRecorders(in: loans.folder)
        loans.environment["PATH"] = recorders.bin + ":/usr/bin:/bin"
        self.loans = loans
        try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-26", "--lent", "2026-11-01")
    }

    /// The binary as the kernel names it (`/proc/self/exe`): every link resolved.
    static var binary: String {
        guard let resolved = realpath(BinaryHarness.binary, nil) else { return BinaryHarness.binary }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// For one traced run of `arguments`: its result, the programs it started (not those the
    /// stand-ins run to record, and never a shell), and what the stand-ins were told.
    func click(_ arguments: [String], extra: [String: String] = [:]) throws -> (BinaryHarness.Result, [String], [ClickRecorders.Record]) {
        try recorders.clear()
        let (result, programs) = try loans.traced(arguments, extra: extra)
        let shells = programs.filter { ["sh", "dash", "bash"].contains(($0 as NSString).lastPathComponent) }
        #expect(shells.isEmpty, "a shell ran: \(programs)")
        return (result, programs.dropFirst().filter { $0.hasPrefix(recorders.bin) }, recorders.recorded())
    }

    @Test func aLeftClickOpensTheTUIInATerminalOnTheSameLoans() throws {
        defer { loans.remove() }
        let (result, programs, records) = try click(["widget", "--format", "i3blocks", "--click", "1"])
        #expect(result.status == 33 && result.out == "1 overdue: The Hobbit (3 days overdue)\n1 overdue\n#FF5555\n" && result.err.isEmpty, "\(result.err)")
        #expect(programs == [recorders.bin + "/x-terminal-emulator"], "\(programs)")
        let record = try #require(records.first)
        #expect(records.count == 1)
        #expect(record.arguments == ["-e", WidgetClickTests.binary, "tui", "--db", loans.folder + "/loans.db", "--today", "2026-11-29"])
        #expect(record.descriptors == ["/dev/null", "/dev/null", "/dev/null"], "it holds nothing of the bar's")
        #expect(record.ownSession, "started detached")
        #expect(record.loansDB == loans.folder + "/loans.db", "loans' own environment")

        // A relative --db is made absolute (a terminal may start elsewhere); a fixture, the demo
        // and a fixed today go along.
        let relative = try click(["widget", "--click", "1", "--db", "loans.db"], extra: ["LOANS_DB": ""])
        #expect(relative.2.first?.arguments == ["-e", WidgetClickTests.binary, "tui", "--db", FileManager.default.currentDirectoryPath + "/loans.db", "--today", "2026-11-29"])
        let fixture = loans.folder + "/fixture.json"
        try Data(#"{"schema_version": 1, "loans": []}"#.utf8).write(to: URL(fileURLWithPath: fixture))
        let fixed = try click(["widget", "--click", "1", "--fixture", fixture, "--today", "2026-12-24"], extra: ["LOANS_DB": ""])
        #expect(fixed.0.status == 0 && fixed.0.out == "\n", "\(fixed.0.err)")
        #expect(fixed.2.first?.arguments == ["-e", WidgetClickTests.binary, "tui", "--fixture", fixture, "--today", "2026-12-24"])
        let demo = try click(["--demo", "widget", "--click", "1"], extra: ["LOANS_DB": ""])
        #expect(demo.2.first?.arguments == ["-e", WidgetClickTests.binary, "tui", "--demo", "--today", "2026-11-29"])
    }

    /// A server's location may carry a password: it reaches the TUI through LOANS_DB, never
    /// among the terminal's arguments, which `ps` shows to everyone.
    @Test func aServersLocationGoesInTheEnvironmentNotTheArguments() throws {
        defer { loans.remove() }
        let location = "postgresql://household:SECRET-PASSWORD@127.0.0.1:1/loans"
        let (result, _, records) = try click(["widget", "--format", "waybar", "--click", "1", "--db", location])
        #expect(result.status == 0 && result.out.contains(#""text":"loans: error""#), "the bar's line for an unreachable server")
        let record = try #require(records.first)
        #expect(record.arguments == ["-e", WidgetClickTests.binary, "tui", "--today", "2026-11-29"])
        #expect(!record.arguments.joined().contains("SECRET"))
        #expect(record.loansDB == location)
    }

    /// `widget.terminal` is split at spaces and run as words: no shell ever reads it.
    @Test func theConfiguredTerminalIsRunAsWordsWithoutAShell() throws {
        defer { loans.remove() }
        let touched = loans.folder + "/PWNED"
        try FileManager.default.createDirectory(atPath: loans.folder + "/.config/loans", withIntermediateDirectories: true)
        try "widget.terminal = x-terminal-emulator --title \"my loans\" -e;touch \(touched) $(touch \(touched))\n"
            .write(toFile: loans.folder + "/.config/loans/config", atomically: true, encoding: .utf8)
        let (result, programs, records) = try click(["widget", "--click", "1"])
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        #expect(programs == [recorders.bin + "/x-terminal-emulator"], "no shell: \(programs)")
        #expect(records.first?.arguments == [
            "--title", "\"my", "loans\"", "-e;touch", touched, "$(touch", touched + ")", WidgetClickTests.binary, "tui", "--db", loans.folder + "/loans.db",
            "--today", "2026-11-29",
        ])
        #expect(!FileManager.default.fileExists(atPath: touched))
        let config = try loans.must("config")
        #expect(config.contains("widget.terminal      = x-terminal-emulator --title \"my loans\" -e;touch"), "\(config)")

        try "widget.terminal =   \n".write(toFile: loans.folder + "/.config/loans/config", atomically: true, encoding: .utf8)
        let empty = try loans("widget", "--click", "1")
        #expect(empty.status == 78 && empty.err.contains("config:1") && empty.err.contains("names no program"), "\(empty.err)")
    }

    @Test func aRightClickShowsTheAgendaAsOneNotification() throws {
        defer { loans.remove() }
        for day in 1...24 {
            try loans.must("add", "Tom & Jerry <\(day)>", "--from", "Library", "--due", "2026-12-\(String(format: "%02d", day))", "--lent", "2026-11-01")
        }
        let (result, programs, records) = try click(["widget", "--format", "polybar", "--click", "3"])
        #expect(result.status == 0 && result.out.hasPrefix("%{F#FF5555}1 overdue · 6 due soon: The Hob") && result.err.isEmpty, "\(result.out) \(result.err)")
        #expect(programs == [recorders.bin + "/notify-send"], "\(programs)")
        let record = try #require(records.first)
        #expect(record.descriptors == ["/dev/null", "/dev/null", "/dev/null"] && record.ownSession)
        #expect(Array(record.arguments.prefix(4)) == ["--urgency=normal", "--app-name=loans", "--", "1 overdue · 6 due soon"])
        let body = record.arguments.count == 5 ? record.arguments[4].split(separator: "\n").map(String.init) : []
        #expect(body.first == "The Hobbit — lent to Alice, 3 days overdue")
        #expect(body.dropFirst().first == "Tom &amp; Jerry &lt;1&gt; — borrowed from Library, due in 2 days", "Pango-escaped: \(body)")
        #expect(body.count == 7, "the agenda only: \(body)")

        // Past 20 loans, the notification says how many more; so does waybar's tooltip.
        let wide = try click(["widget", "--format", "waybar", "--click", "3", "--window", "30"])
        let lines = wide.2.first.map { $0.arguments.last?.split(separator: "\n").map(String.init) ?? [] } ?? []
        #expect(lines.count == 21 && lines.last == "… and 5 more", "\(lines)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(wide.0.out.utf8)) as? [String: Any])
        let tooltip = try #require(object["tooltip"] as? String).split(separator: "\n").map(String.init)
        #expect(tooltip.count == 22 && tooltip.first == "1 overdue · 24 due soon" && tooltip.last == "… and 5 more")
        #expect(tooltip[2] == "Tom &amp; Jerry &lt;1&gt; — borrowed from Library, due in 2 days")
    }

    /// The waybar module of Docs/StatusBars.md, its clicks run as waybar runs them (`sh -c`,
    /// output thrown away): `on-click` starts the terminal, `on-click-right` the notification.
    @Test func theDocumentedWaybarClicksStartTheTerminalAndTheNotification() throws {
        defer { loans.remove() }
        let snippet = try #require(try StatusBarsDoc.blocks(fenced: "json").first { $0.contains("\"custom/loans\"") }, "no waybar module")
        let module = try #require(
            try JSONSerialization.jsonObject(with: Data(("{" + snippet + "}").utf8)) as? [String: [String: Any]]
        )["custom/loans"]
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let path = ["PATH": recorders.bin + ":" + bin + ":/usr/bin:/bin"]
        for (key, program) in [("on-click", "x-terminal-emulator"), ("on-click-right", "notify-send")] {
            let command = try #require(module?[key] as? String, "\(key) is missing")
            #expect(command.hasPrefix("loans widget --format waybar --click "), "\(key): \(command)")
            try recorders.clear()
            let run = try loans.run("/bin/sh", ["-c", command], extra: path)
            #expect(run.status == 0 && run.err.isEmpty, "\(key): \(run.err)")
            let records = try #require(try recorders.await(patience: 30), "\(key) started nothing")
            #expect(records.map(\.program) == [program], "\(key): \(records)")
        }
        let line = try loans.run("/bin/sh", ["-c", try #require(module?["exec"] as? String)], extra: path)
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(line.out.utf8)) as? [String: Any])
        #expect(shown["tooltip"] as? String == "1 overdue\nThe Hobbit — lent to Alice, 3 days overdue", "\(line.out)")
    }

    @Test func anyOtherButtonOrNoneStartsNothing() throws {
        defer { loans.remove() }
        for button in ["", "2", "4", "5", "255"] {
            let (result, programs, records) = try click(["widget", "--format", "i3blocks", "--click", button])
            #expect(result.status == 33 && result.out.hasPrefix("1 overdue: The Hobbit"), "--click \(button.debugDescription): \(result.err)")
            #expect(programs.isEmpty && records.isEmpty, "--click \(button.debugDescription): \(programs)")
        }
        for refused in [["--click", "0"], ["--click", "256"], ["--click", "left"], ["--click", "1", "--watch"]] {
            let result = try loans(["widget"] + refused)
            #expect(result.status == 64 && result.out.isEmpty, "\(refused): \(result.err)")
        }
        #expect(try loans("widget", "--click", "x").err.hasPrefix(#"loans: --click: "x" is not a mouse button (1 to 255), nor empty for no click"#))
    }

    /// A click's program that cannot start is said on stderr; a bar still gets its line and its
    /// usual status (a non-zero one would show the block broken); plain text exits 1.
    @Test func aProgramThatCannotStartLeavesTheLine() throws {
        defer { loans.remove() }
        try FileManager.default.createDirectory(atPath: loans.folder + "/.config/loans", withIntermediateDirectories: true)
        try "widget.terminal = loans-test-no-such-terminal -e\n".write(toFile: loans.folder + "/.config/loans/config", atomically: true, encoding: .utf8)
        let bar = try loans("widget", "--format", "i3blocks", "--click", "1")
        #expect(bar.status == 33 && bar.out.hasPrefix("1 overdue: The Hobbit"))
        #expect(bar.err == "loans: the click's program did not start: cannot run \"loans-test-no-such-terminal\": no such program on PATH\n", "\(bar.err)")
        let plain = try loans("widget", "--click", "1")
        #expect(plain.status == 1 && plain.out == "1 overdue: The Hobbit (3 days overdue)\n")
    }
}

extension BinaryHarness {
    func callAsFunction(_ arguments: [String]) throws -> Result {
        try run(BinaryHarness.binary, arguments)
    }
}

import Foundation
import Testing

/// The tmux line read back through a real tmux status bar (`TmuxStatusLine`).
@Suite(.serialized) struct WidgetTmuxTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// A title (or, for nil, nothing due and `--empty`) and what the status line must show.
    struct Case {
        let title: String?
        let empty: String?
        let shows: String
    }

    /// `FILE` stands for a path that must never be created.
    static let cases = [
        Case(title: "#{host} #{pane_current_path}", empty: nil, shows: "1 overdue: #{host} #{pane_current_path} (2 days overdue)"),
        Case(title: "#S #H #D ##", empty: nil, shows: "1 overdue: #S #H #D ## (2 days overdue)"),
        Case(title: "#[fg=blue]blue#[default]", empty: nil, shows: "1 overdue: #[fg=blue]blue#[default] (2 days overdue)"),
        Case(title: "#(touch FILE)", empty: nil, shows: "1 overdue: #(touch FILE) (2 days overdue)"),
        Case(title: "Learn C#", empty: nil, shows: "1 overdue: Learn C# (2 days overdue)"),
        Case(title: "##[x] ###[y] # #", empty: nil, shows: "1 overdue: ##[x] ###[y] # # (2 days overdue)"),
        Case(title: "%H:%M %% 100%", empty: nil, shows: "1 overdue: %H:%M %% 100% (2 days overdue)"),
        Case(title: "\u{1B}[31mred\u{1B}[0m\u{1B}]0;t\u{07}", empty: nil, shows: "1 overdue:  [31mred [0m ]0;t  (2 days overdue)"),
        Case(title: "two\nlines", empty: nil, shows: "1 overdue: two lines (2 days overdue)"),
        Case(title: "<b>&</b> %{A1:touch FILE:}x%{A}", empty: nil, shows: "1 overdue: <b>&</b> %{A1:touch FILE:}x%{A} (2 days overdue)"),
        Case(title: nil, empty: "trailing #", shows: "trailing #"),
        Case(title: nil, empty: "#[fg=blue]e# ##", shows: "#[fg=blue]e# ##"),
    ]

    @Test func theStatusLineShowsEveryTitleLiterally() throws {
        defer { loans.remove() }
        let file = loans.folder + "/pwned"
        var commands: [String] = []
        var expected: [String] = []
        for (index, item) in WidgetTmuxTests.cases.enumerated() {
            let database = loans.folder + "/case\(index).db"
            if let title = item.title {
                let added = try loans(
                    "--db", database, "add", "--to", "B", "--due", "2026-11-27", "--lent", "2026-11-01",
                    "--", title.replacingOccurrences(of: "FILE", with: file)
                )
                #expect(added.status == 0, "\(added.err)")
            }
            var command = "\(BinaryHarness.binary) --db \(database) --today 2026-11-29 widget --format tmux --max-width 150"
            if let empty = item.empty { command += " --empty '\(empty)'" }
            commands.append(command)
            expected.append(item.shows.replacingOccurrences(of: "FILE", with: file))
        }
        let shown = try TmuxStatusLine(loans).lines(commands)
        for (index, line) in shown.enumerated() {
            #expect(line == expected[index], "case \(index)")
        }
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func loansStylesTheLineAndDataCannot() throws {
        defer { loans.remove() }
        try loans.must("add", "#[fg=blue,bg=yellow]blue", "--to", "B", "--due", "2026-11-27", "--lent", "2026-11-01")
        let command = "\(BinaryHarness.binary) --db \(loans.folder)/loans.db --today 2026-11-29 widget --format tmux --max-width 60"
        let styled = try TmuxStatusLine(loans).lines([command], escapes: true)
        let line = try #require(styled.first)
        #expect(line.contains("\u{1B}[31m1 overdue: #[fg=blue,bg=yellow]blue"), "\(line.debugDescription)")
        #expect(!line.contains("\u{1B}[34m") && !line.contains("\u{1B}[43m"))
    }

    /// The escaping rule itself, as BARS.md states it for tmux 3.3a, including a data `#` run
    /// right before a style tag of loans' own (a form loans' layout never produces today).
    @Test func theEscapingRuleHoldsInThisTmux() throws {
        defer { loans.remove() }
        let raw = [
            "a####{host}b####Sc##[fg=red]d####(touch \(loans.folder)/pwned)e",
            "#[fg=red]end###[default]", "trail####", "k######[x]m", "####[default]",
        ]
        var commands: [String] = []
        for (index, text) in raw.enumerated() {
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: loans.folder + "/raw\(index)"))
            commands.append("cat \(loans.folder)/raw\(index)")
        }
        let shown = try TmuxStatusLine(loans).lines(commands)
        #expect(shown == [
            "a#{host}b#Sc#[fg=red]d#(touch \(loans.folder)/pwned)e", "end#", "trail#", "k###[x]m", "##[default]",
        ])
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/pwned"))
    }

    @Test func plainIsColouredOnATerminalUnlessNO_COLOR() throws {
        defer { loans.remove() }
        let server = TmuxServer(loans)
        defer { server.stop() }
        let config = loans.folder + "/plain.conf"
        try Data("set -g remain-on-exit on\n".utf8).write(to: URL(fileURLWithPath: config))
        let widget = "\(BinaryHarness.binary) --demo widget --max-width 60"
        try server("-f", config, "new-session", "-d", "-s", "plain", "-x", "100", "-y", "8",
                   "echo begin; \(widget); NO_COLOR=1 \(widget); echo end")
        var lines: [String] = []
        let ended = eventually {
            lines = ((try? server("capture-pane", "-p", "-e", "-t", "plain").output) ?? "").split(separator: "\n").map(String.init)
            return lines.contains { $0.hasSuffix("end") }
        }
        #expect(ended, "\(lines)")
        let shown = lines.filter { $0.contains("2 overdue") }
        #expect(shown.count == 2, "\(lines)")
        #expect(shown.first?.hasPrefix("\u{1B}[31m2 overdue · 3 due soon: The Hobbit (3 days overdue)") == true, "\(lines)")
        #expect(shown.last?.hasSuffix("2 overdue · 3 due soon: The Hobbit (3 days overdue)") == true)
        #expect(shown.last?.contains("\u{1B}[31m") == false)
    }

    /// tmux 3.3a lays a status line out code point by code point: `👨‍👩‍👧‍👦` takes 8 columns there
    /// (`#{w:…}` says so too). Twelve of them at `--max-width 60` must fit `status-right-length 60`
    /// whole — tmux cuts a longer right side, and the relative day or the counts would be lost.
    @Test func aTitleOfTwelveFamiliesNeverOverflowsTheStatusLine() throws {
        defer { loans.remove() }
        let families = String(repeating: "👨‍👩‍👧‍👦", count: 12)
        try loans.must("add", families, "--to", "B", "--due", "2026-11-27", "--lent", "2026-11-01")
        let script = loans.folder + "/widget.sh"
        let widget = "\(BinaryHarness.binary) --db \(loans.folder)/loans.db --today 2026-11-29 widget --format tmux --max-width 60"
        try Data((widget + "\n").utf8).write(to: URL(fileURLWithPath: script))
        let config = """
            set -g status-interval 1
            set -g status-left START
            set -g status-right-length 60
            set -g status-right "#(sh \(script))"
            """
        let capture = try TmuxStatusLine(loans).capture(config: config, width: 100) { $0.contains("(2 days overdue)") }
        let line = capture.split(separator: "\n").last { $0.hasPrefix("START") }.map(String.init) ?? ""
        #expect(line.contains("1 overdue: 👨‍👩‍👧‍") && line.hasSuffix("(2 days overdue)"), "\(capture)")
        #expect(try tmuxWidth(of: "1 overdue: \(families) (2 days overdue)") == 124, "tmux measures each person, not each family")
    }

    /// What tmux's `#{w:…}` (the width a status line gives a text) says of `text`.
    func tmuxWidth(of text: String) throws -> Int? {
        let server = TmuxServer(loans)
        defer { server.stop() }
        try server("-f", "/dev/null", "new-session", "-d", "-s", "w", "-x", "80", "-y", "5")
        try server("set", "-g", "@text", text)
        return Int(try server("display", "-p", "#{w:@text}").output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The tmux snippet of Docs/StatusBars.md, verbatim, as a tmux configuration.
    @Test func theDocumentedSnippetShowsTheWidget() throws {
        defer { loans.remove() }
        try loans.must("add", "#{host} & #S", "--to", "Alice", "--due", "2026-11-27", "--lent", "2026-11-01")
        let snippet = try #require(try StatusBarsDoc.blocks(fenced: "tmux").first)
        #expect(snippet.contains("#(loans widget --format tmux"))
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let expected = "1 overdue: #{host} & #S (2 days overdue)"
        let capture = try TmuxStatusLine(loans).capture(config: snippet, environment: ["PATH": bin + ":/usr/bin:/bin"]) { $0.contains(expected) }
        #expect(capture.contains(expected), "\(capture)")
    }

    /// Every `loans widget …` command line the page shows runs and prints (the `--watch` ones
    /// their first line); the clicks' terminal and notify-send are stand-ins.
    @Test func everyDocumentedCommandLineRuns() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "2026-11-27", "--lent", "2026-11-01")
        let commands = try StatusBarsDoc.widgetCommands()
        #expect(commands.count >= 8, "\(commands)")
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let recorders = try ClickRecorders(in: loans.folder)
        for command in commands {
            let environment = loans.environment.merging(["PATH": recorders.bin + ":" + bin + ":/usr/bin:/bin"]) { $1 }
            let run = try Subprocess("/bin/sh", ["-c", "exec " + command], environment: environment)
            if command.contains("--watch") {
                #expect(run.waitForLines(1).first?.isEmpty == false, "\(command)")
                run.stop()
            } else {
                let (code, output) = run.finish()
                #expect(code == (command.contains("i3blocks") ? 33 : 0), "\(command)")
                #expect(output.contains("1 overdue"), "\(command): \(output)")
            }
        }
    }
}

/// Docs/StatusBars.md, read by the tests that keep its snippets honest.
enum StatusBarsDoc {
    static func text() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("Docs/StatusBars.md"), encoding: .utf8)
    }

    /// The contents of the fenced blocks of a language (```tmux … ```).
    static func blocks(fenced language: String) throws -> [String] {
        let parts = try text().components(separatedBy: "```")
        return stride(from: 1, to: parts.count, by: 2).compactMap { index in
            let block = parts[index]
            guard block.hasPrefix(language + "\n") else { return nil }
            return String(block.dropFirst(language.count + 1))
        }
    }

    /// Every `loans widget` command line in the page (not the synopsis, whose brackets are not shell).
    static func widgetCommands() throws -> [String] {
        let pattern = try NSRegularExpression(pattern: "loans widget[^`\"'\\n)\\]\\[]*")
        let text = try text()
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        let commands = matches.compactMap { Range($0.range, in: text).map { String(text[$0]).trimmingCharacters(in: .whitespaces) } }
        return Array(Set(commands.filter { $0 != "loans widget" })).sorted()
    }
}

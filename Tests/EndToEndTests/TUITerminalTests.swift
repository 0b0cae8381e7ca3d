import Foundation
import Testing

/// The TUI and the terminal around it, in a real tmux with the built binary: a terminal that
/// goes away, one that cannot show a full screen, Ctrl-Z and `fg` in an interactive shell, and
/// the demo's marker.
@Suite struct TUITerminalTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// State and CPU time (user + system, in clock ticks) of a process; nil once it is gone
    /// (or a zombie waiting for its parent).
    static func processStat(_ pid: Int32) -> (state: Character, ticks: Int)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let state = fields[0].first, state != "Z",
              let user = Int(fields[11]), let system = Int(fields[12])
        else { return nil }
        return (state, user + system)
    }

    /// `trap '' HUP; loans tui` in a pane, then the terminal goes away with the whole tmux
    /// server: the TUI sees EOF/EIO on its input (no SIGHUP reaches it) and must exit within
    /// 2 s, using next to no CPU meanwhile, rather than spin on the dead terminal.
    @Test func theTUIExitsWhenItsTerminalGoesAway() throws {
        defer { loans.remove() }
        try loans.seedTUILoans()
        let pidFile = loans.folder + "/tui.pid"
        let pane = try TUITmuxPane(loans, command: "trap '' HUP; sh -c 'echo $$ > \(pidFile); exec loans tui'")
        defer { pane.close() }
        try pane.waitFor("OVERDUE (1)")
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(Int32(text))
        defer { if TUITerminalTests.processStat(pid) != nil { kill(pid, SIGKILL) } }
        let ignored = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
        #expect(ignored.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }.map { $0 & 1 == 1 } == true,
                "SIGHUP must be ignored by the TUI for this test to mean anything")
        let before = try #require(TUITerminalTests.processStat(pid)).ticks
        pane.close()
        let deadline = Date().addingTimeInterval(2)
        var last = before
        while let stat = TUITerminalTests.processStat(pid), Date() < deadline {
            last = stat.ticks
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(TUITerminalTests.processStat(pid) == nil, "the TUI still runs 2 s after its terminal went away")
        #expect(last - before <= 10, "the TUI used \(last - before) ticks of CPU after its terminal went away")
    }

    /// `TERM=dumb` (and a terminal ncurses has no description of) prints the agenda as text
    /// with a one-line note on stderr, instead of a broken screen; `--demo` says DEMO.
    @Test(arguments: ["dumb", "no-such-terminal"])
    func aTerminalThatCannotShowTheScreenGetsText(_ term: String) throws {
        defer { loans.remove() }
        try loans.seedTUILoans()
        let err = loans.folder + "/err"
        let pane = try TUITmuxPane(loans, command: "TERM=\(term) loans 2>\(err)")
        defer { pane.close() }
        #expect(try pane.exitStatus() == 0)
        let screen = try pane.screen()
        #expect(screen.contains("#1  The Hobbit") && screen.contains("DUE SOON (2)"), "\(screen)")
        let note = try String(contentsOfFile: err, encoding: .utf8)
        #expect(note.hasPrefix("loans: ") && note.split(separator: "\n").count == 1 && note.contains(term), "\(note)")
    }

    /// Ctrl-Z in an interactive shell: the shell gets its terminal back without loans' mouse
    /// and paste modes; `fg` brings the whole screen back with them.
    @Test func ctrlZGivesTheTerminalBackAndFgTakesItAgain() throws {
        defer { loans.remove() }
        try loans.seedTUILoans()
        let pane = try TUITmuxPane(loans, command: "env PS1='prompt$ ' /bin/bash --norc --noprofile -i")
        defer { pane.close() }
        try pane.waitFor("prompt$")
        try pane.type("loans tui")
        try pane.press("Enter")
        try pane.waitFor("▸ #1  The Hobbit")
        #expect(try pane.format("#{mouse_any_flag}#{alternate_on}") == "11")
        try pane.press("C-z")
        try pane.waitFor("Stopped", absent: ["▸ #1  The Hobbit"])
        #expect(try pane.format("#{mouse_any_flag}#{alternate_on}") == "00")
        try pane.type("fg")
        try pane.press("Enter")
        try pane.waitFor("▸ #1  The Hobbit", "DUE SOON (2)", absent: ["Stopped"])
        #expect(try pane.format("#{mouse_any_flag}#{alternate_on}") == "11")
        try pane.press("j")
        try pane.waitFor("▸ #2  Dune")
        try pane.press("q")
        try pane.waitFor("prompt$", absent: ["DUE SOON"])
        #expect(try pane.format("#{mouse_any_flag}#{alternate_on}") == "00")
    }

    @Test func theDemoSaysDemoInTheHeader() throws {
        defer { loans.remove() }
        let pane = try TUITmuxPane(loans, command: "loans --demo")
        defer { pane.close() }
        let screen = try pane.waitFor("OVERDUE (2)")
        #expect(screen.hasPrefix(" loans DEMO │ Today:"))
    }
}

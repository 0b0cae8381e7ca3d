import Foundation
import Testing

/// The TUI's daily-use defects, each reproduced in a real terminal (tmux) with the built binary:
/// a large paste with newlines and ESC, grapheme editing, the footer and header of each mode,
/// the mouse, a 40-column terminal, undo and redo.
@Suite struct TUIDailyUseTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// 100 KB pasted into the add form's title, with newlines, ESC and letters that are
    /// commands on the list (`x`, `y`, `q`): it is text in the field — its first 10 000
    /// characters, the field's cap, the form saying that the rest was not taken — shown within a
    /// second; nothing is submitted, cancelled, removed or quit. On the list a paste does nothing.
    @Test func aBracketedPasteOf100KBIsTextInTheField() throws {
        defer { loans.remove() }
        try loans.seedTUILoans()
        let pane = try TUITmuxPane(loans, command: "loans tui")
        defer { pane.close() }
        try pane.waitFor("▸ #1  The Hobbit")
        try pane.paste("x\ny\nq\u{1B}q\n")
        try pane.press("j")
        try pane.waitFor("▸ #2  Dune", absent: ["Remove loan"])

        try pane.press("a")
        try pane.waitFor("Add a loan", "› Title")
        var text = ""
        while text.utf8.count < 100_000 { text += "x y q\n\u{1B}\u{1B}[A\u{1B}:q!\n界 👨‍👩‍👧 \(text.utf8.count)\n" }
        text += "THE END"
        let full = "Title holds at most 10000 characters: the rest of the paste was not taken"
        let start = Date()
        try pane.paste(text)
        let deadline = start.addingTimeInterval(1)
        var shown = false
        while Date() < deadline, !shown {
            shown = try pane.screen().contains(full)
            if !shown { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(shown, "the paste did not land within a second (\(Date().timeIntervalSince(start)) s)")
        let screen = try pane.waitFor("Add a loan", full, absent: ["Added loan", "Removed loan", "Remove loan", "THE END"])
        #expect(screen.contains("› Title"))
        try pane.press("Enter")
        try pane.waitFor("title is longer than 500 characters")
        try pane.press("Escape")
        try pane.waitFor("Discard your changes?")
        try pane.press("y")
        try pane.waitFor("▸ #2  Dune", absent: ["Add a loan"])
        #expect(try loans("list", "--all").out.split(separator: "\n").count == 3)
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
        #expect(try pane.result() == "terminal restored, exit 0")
    }

    /// 400 KB pasted into the `/` filter in a real terminal: the filter takes its first 10 000
    /// characters and says the rest was not taken; the TUI answers the next key at once (it froze
    /// for 17–47 s while every piece of the paste searched the whole text again).
    @Test func aPasteOf400KBIntoTheFilterFillsItAndSaysSo() throws {
        defer { loans.remove() }
        try loans.seedTUILoans()
        let pane = try TUITmuxPane(loans, command: "loans tui")
        defer { pane.close() }
        try pane.waitFor("▸ #1  The Hobbit")
        try pane.press("/")
        try pane.waitFor("Filter: /")
        var text = ""
        var number = 0
        while text.utf8.count < 400_000 {
            text += "word\(number) hobbit dune 界 "
            number += 1
        }
        try pane.paste(text)
        // 80 columns: the note is cut at its end.
        try pane.waitFor("the filter holds at most 10000 characters: the rest of th", "No loans match")
        try pane.press("Escape")
        try pane.waitFor("▸ #1  The Hobbit", absent: ["Filter: /", "holds at most"])
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
    }

    /// Keys arrive one code point at a time; Backspace and ← still act on whole graphemes.
    @Test func textIsEditedByGraphemeCluster() throws {
        defer { loans.remove() }
        let pane = try TUITmuxPane(loans, command: "loans tui")
        defer { pane.close() }
        try pane.waitFor("No loans due soon.")
        try pane.press("a")
        try pane.waitFor("Add a loan")
        try pane.type("ab👨‍👩‍👧")
        try pane.press("BSpace")
        try pane.type("c")
        try pane.press("Left", "BSpace", "Tab", "Tab")
        try pane.type("Bob")
        try pane.press("Enter")
        try pane.waitFor("Added loan #1.")
        let json = try loans("json", "all")
        #expect(json.out.contains("\"title\":\"ac\"") || json.out.contains("\"title\": \"ac\""), "\(json.out)")
    }

    /// The last line names exactly the keys of each mode, and the header the view or screen.
    @Test func theFooterAndHeaderOfEachMode() throws {
        defer { loans.remove() }
        try loans.seedTUILoans()
        let pane = try TUITmuxPane(loans, command: "loans tui", width: 120, height: 24)
        defer { pane.close() }
        func lastLines() throws -> (header: String, footer: String) {
            let lines = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let footer = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            return (lines.first ?? "", footer.trimmingCharacters(in: .whitespaces))
        }
        func expectMode(_ context: String, _ footer: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try pane.waitUntil(sourceLocation: sourceLocation, "the footer \(footer)") { _ in
                (try? lastLines().footer) == footer
            }
            let header = try lastLines().header.trimmingCharacters(in: .whitespaces)
            #expect(header.hasSuffix(context), "\(header)", sourceLocation: sourceLocation)
        }
        try pane.waitFor("OVERDUE (1)")
        try expectMode(
            "Agenda",
            "⏎ open  a add  e edit  r return  n renew  x remove  / filter  Tab all open  u undo  ^R redo  ? help  q quit"
        )
        try pane.press("/")
        try expectMode("Agenda", "⏎ keep filter  ↑↓ move  Esc clear filter")
        try pane.type("zzz")
        try expectMode("Agenda · /zzz", "⏎ keep filter  Esc clear filter")
        try pane.press("Escape", "Tab")
        try expectMode(
            "All open",
            "⏎ open  a add  e edit  r return  n renew  x remove  / filter  Tab returned  u undo  ^R redo  ? help  q quit"
        )
        try pane.press("Tab")
        try expectMode("Returned", "a add  Tab agenda  u undo  ^R redo  ? help  q quit")
        try pane.press("Tab", "Enter")
        try expectMode("Loan #1", "e edit  r return  n renew  x remove  u undo  ^R redo  ? help  q back")
        try pane.press("r")
        try expectMode("Return #1", "⏎ save  Esc cancel  ←→ cursor")
        try pane.press("Enter")
        try expectMode("Loan #1", "e edit  o reopen  x remove  u undo  ^R redo  ? help  q back")
        try pane.press("q", "a")
        try expectMode("Add a loan", "⏎ save  Esc cancel  Tab/↑↓ field  ←→ cursor")
        try pane.press("Tab")
        try expectMode("Add a loan", "⏎ save  Esc cancel  Tab/↑↓ field  Space lent/borrowed")
        try pane.press("Space", "Escape")
        try expectMode("Add a loan", "y discard  n/Esc keep editing")
        try pane.press("y", "x")
        try expectMode("Remove #2", "y remove  n/Esc keep")
        try pane.press("n", "?")
        try expectMode("Help", "↑↓ scroll  q back")
    }

    /// Mouse reports in SGR form: the TUI turns on clicks and the wheel (not motion, so
    /// Shift-drag still selects text), a click selects, a double-click opens, the wheel scrolls,
    /// and the modes are off again after it quits.
    @Test func theMouseSelectsOpensAndScrolls() throws {
        defer { loans.remove() }
        for index in 1...40 {
            try loans.must("add", "Book \(index)", "--to", "Reader \(index)", "--due", "+\(index % 7)d", "--lent", "2026-11-01")
        }
        let pane = try TUITmuxPane(loans, command: "loans tui")
        defer { pane.close() }
        try pane.waitFor("DUE SOON (40)")
        #expect(try pane.format("#{mouse_standard_flag}#{mouse_sgr_flag}#{mouse_button_flag}#{mouse_all_flag}") == "1100")
        let screen = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(screen.firstIndex { $0.contains("#15 ") })
        try pane.click(row: row, column: 10)
        try pane.waitFor("▸ #15 ")
        try pane.click(row: row, column: 10)
        try pane.click(row: row, column: 10)
        try pane.waitFor("Loan #15", "Reader 15")
        try pane.press("h")
        try pane.waitFor("▸ #15 ")
        try pane.wheel(down: true)
        try pane.waitFor("▲▼ more", absent: ["DUE SOON (40)"])
        try pane.wheel(down: false)
        try pane.waitFor("DUE SOON (40)")
        try pane.press("C-d")
        try pane.waitFor("▲  more", absent: ["DUE SOON (40)"])
        try pane.press("C-u")
        try pane.waitFor("DUE SOON (40)")
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
        #expect(try pane.format("#{mouse_any_flag}") == "0")
    }

    /// At 40 columns the relative day stays whole (title and counterparty shrink), and a form's
    /// error wraps instead of being cut.
    @Test func aNarrowTerminalKeepsTheRelativeDayAndWrapsErrors() throws {
        defer { loans.remove() }
        try loans.must("add", "A very long title that cannot fit", "--to", "Someone far away", "--due", "2026-10-31", "--lent", "2026-10-01")
        let pane = try TUITmuxPane(loans, command: "loans tui", width: 40, height: 12)
        defer { pane.close() }
        let screen = try pane.waitFor("OVERDUE (1)")
        let row = try #require(screen.split(separator: "\n").first { $0.contains("#1 ") })
        #expect(row.hasSuffix("29 days overdue"), "\(row)")
        try pane.press("n", "C-u")
        try pane.type("next week")
        try pane.press("Enter")
        let form = try pane.waitFor("\"next week\" is not a date")
        let flat = form.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let message = try #require(flat.range(of: "\"next week\" is not a date (use "), "\(form)")
        let rest = flat[message.upperBound...]
        #expect(rest.contains(")") && !rest.contains("…"), "the message is cut: \(form)")
    }

    /// The filter folds case for all of Unicode and reads notes, through the store's index; the
    /// Returned view lists returned loans newest first and `o` reopens one.
    @Test func theFilterFindsGodelAndTheReturnedViewReopens() throws {
        defer { loans.remove() }
        try loans.seedTUILoans()
        try loans.must("add", "Gödel, Escher, Bach", "--to", "Kim", "--due", "2026-12-02", "--note", "Hofstadter ÉDITION")
        try loans.must("return", "2", "--on", "2026-11-20")
        try loans.must("return", "3", "--on", "2026-11-28")
        let pane = try TUITmuxPane(loans, command: "loans tui", width: 100)
        defer { pane.close() }
        try pane.waitFor("▸ #1  The Hobbit")
        try pane.press("/")
        try pane.type("GÖDEL")
        try pane.waitFor("▸ #4  Gödel, Escher, Bach", absent: ["The Hobbit"])
        try pane.press("C-u")
        try pane.type("édition")
        try pane.waitFor("▸ #4  Gödel, Escher, Bach", absent: ["The Hobbit"])
        try pane.press("Enter", "Tab", "Tab")
        let returned = try pane.waitFor("RETURNED (2)", "Returned 2026-11-28", absent: ["/édition"])
        let lines = returned.split(separator: "\n")
        let first = try #require(lines.firstIndex { $0.contains("#3  Camping tent") })
        let second = try #require(lines.firstIndex { $0.contains("#2  Dune") })
        #expect(first < second)
        try pane.press("o")
        try pane.waitFor("Reopened loan #3: it is open again, due 2026-12-01.", "RETURNED (1)")
    }

    /// `u` and Ctrl-R say what they did in the very line `loans undo` and `loans redo` print.
    @Test func undoAndRedoSayWhatTheCommandLineSays() throws {
        defer { loans.remove() }
        try loans.seedTUILoans()
        try loans.must("return", "1")
        let undid = try loans("undo").out.trimmingCharacters(in: .newlines)
        let redid = try loans("redo").out.trimmingCharacters(in: .newlines)
        try loans.must("undo")
        #expect(undid == "Undid: returned #1 The Hobbit — it is open again")
        let pane = try TUITmuxPane(loans, command: "loans tui", width: 100)
        defer { pane.close() }
        try pane.waitFor("▸ #1  The Hobbit")
        try pane.press("r", "Enter")
        try pane.waitFor("Returned loan #1 on 2026-11-29.", absent: ["#1  The Hobbit"])
        try pane.press("u")
        try pane.waitFor(undid, "▸ #1  The Hobbit")
        try pane.press("C-r")
        try pane.waitFor(redid, absent: ["#1  The Hobbit"])
        try pane.press("u", "Enter")
        try pane.waitFor("Loan #1", "Returned on  not yet")
        try pane.press("r", "Enter")
        try pane.waitFor("o reopen")
        try pane.press("o")
        try pane.waitFor("Reopened loan #1: it is open again, due 2026-11-26.", "Returned on  not yet")
    }
}

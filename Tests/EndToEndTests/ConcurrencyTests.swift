import Foundation
import Testing

/// Several processes on one database at once: writers never fail each other, a status bar
/// polling every moment never fails, and an open TUI sees what the others wrote.
@Suite struct ConcurrencyTests {
    @Test func twoWritersAndAPollingWidgetWhileTheTUIIsOpen() async throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        #expect(try loans("add", "First", "--to", "A", "--due", "+30d").status == 0)
        let pane = try TUITmuxPane(loans, command: "loans tui")
        defer { pane.close() }
        _ = try pane.waitFor("No loans due soon.")

        let folder = loans.folder
        let writes = "i=0; while [ $i -lt 200 ]; do i=$((i+1)); loans add \"$NAME $i\" --to B --due +1d >/dev/null || echo FAIL; done"
        let poller = """
            n=0; while [ ! -f '\(folder)/stop' ]; do n=$((n+1))
              loans widget >/dev/null 2>>'\(folder)/widget-errors' || echo FAIL
            done; echo "polls $n"
            """
        async let left = loans.shell(writes, extra: ["NAME": "left"])
        async let right = loans.shell(writes, extra: ["NAME": "right"])
        async let polling = loans.shell(poller)
        let writers = try await [left, right]
        #expect(FileManager.default.createFile(atPath: folder + "/stop", contents: nil))
        let widget = try await polling

        for result in writers {
            #expect(result.status == 0 && !result.out.contains("FAIL"), "\(result.err)")
        }
        #expect(!widget.out.contains("FAIL"))
        #expect(widget.out.hasPrefix("polls ") && widget.out != "polls 0\n")
        #expect((try? String(contentsOfFile: folder + "/widget-errors", encoding: .utf8)) ?? "" == "")
        #expect(try loans("list").out.split(separator: "\n").count == 401)
        #expect(try loans("json").out.contains(#""summary":{"overdue":0,"due_soon":400}"#))
        _ = try pane.waitFor("DUE SOON (400)")
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
    }

    @Test func theTUIShowsHostileTitlesWithoutObeyingThem() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        let path = loans.folder + "/hostile.json"
        try HostileInputTests.document().write(to: URL(fileURLWithPath: path))
        #expect(try loans("import", path).status == 0)
        let pane = try TUITmuxPane(loans, command: "loans tui", width: 120, height: 40)
        defer { pane.close() }
        let screen = try pane.waitFor("OVERDUE (6)", "DUE SOON (6)")
        #expect(screen.contains("]0;owned"))
        #expect(screen.contains("#{host} #(touch PWNED)"))
        #expect(try pane.tmux("display-message", "-p", "-t", "t", "#{pane_title}") != "owned\n")
        try pane.press("Enter")
        _ = try pane.waitFor("Loan #1")
        try pane.press("q", "q")
        #expect(try pane.exitStatus() == 0)
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/PWNED"))
    }
}

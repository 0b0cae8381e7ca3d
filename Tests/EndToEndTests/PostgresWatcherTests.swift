import Foundation
import Glibc
import LoansTestSupport
import Testing

/// Fronts that keep running on a PostgreSQL server, through the built binary: they wait in the
/// same wake loop as on SQLite, so the TUI redraws after the terminal is resized without a key.
@Suite struct PostgresWatcherTests {
    let loans: BinaryHarness

    init() throws {
        loans = try BinaryHarness()
    }

    /// A real tmux pane resized under the TUI: the new layout shows without a key being pressed
    /// (the resize wakes the TUI's wait, which on PostgreSQL sleeps on the server's socket).
    @Test func theTUIRedrawsAfterAResizeWithoutAKey() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let url = server.url(try server.createDatabase())
        #expect(try loans("--db", url, "add", "Dune", "--from", "Library", "--due", "2026-11-28").status == 0)
        let pane = try TUITmuxPane(loans, command: "LOANS_DB='\(url)' loans tui")
        defer { pane.close() }
        try pane.waitFor("OVERDUE (1)", "Dune")
        try pane.resize(width: 20, height: 5)
        try pane.waitFor("Terminal too small", absent: ["OVERDUE"])
        try pane.resize(width: 80, height: 24)
        try pane.waitFor("OVERDUE (1)", "Dune", absent: ["Terminal too small"])
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
    }
}

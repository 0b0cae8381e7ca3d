import Foundation
import Glibc
import LoansTestSupport
import Testing

/// Fronts that keep running on a PostgreSQL server, through the built binary: they wait in the
/// same wake loop as on SQLite — so the TUI redraws after the terminal is resized without a key
/// — and they keep their connections across the changes other processes make.
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

    /// `widget --watch` learns of each write by a notice and reads the new answer on the
    /// connection it has: the server's log shows no new connection of the watcher's while other
    /// processes write (each of those connects as it must).
    @Test func aWatcherOpensNoConnectionPerWrite() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let url = server.url(database)
        #expect(try loans("--db", url, "add", "Dune", "--from", "Library", "--due", "2026-12-01").status == 0)
        let watcher = "watcher-" + UUID().uuidString.prefix(8).lowercased()
        let watch = try Subprocess(
            BinaryHarness.binary, ["--db", url, "widget", "--watch"], environment: loans.environment.merging(["PGAPPNAME": watcher]) { $1 }
        )
        defer { watch.stop() }
        #expect(watch.waitForLines(1) == ["1 due soon: Dune (due in 2 days)"])
        let atStart = server.connections(to: database, application: watcher)
        #expect(atStart >= 1, "the log names no connection of the watcher's")
        let writes = 6
        for index in 0..<writes {
            let due = index % 2 == 0 ? "2026-12-02" : "2026-12-01"
            #expect(try loans("--db", url, "edit", "1", "--due", due).status == 0)
            #expect(watch.waitForLines(2 + index).count == 2 + index, "write \(index + 1) never reached the bar: \(watch.lines)")
        }
        #expect(watch.lines.last == "1 due soon: Dune (due in 2 days)")
        #expect(
            server.connections(to: database, application: watcher) == atStart,
            "the watcher connected \(server.connections(to: database, application: watcher) - atStart) more times for \(writes) writes"
        )
    }

    /// A server database without the loans schema reads as no loans; the first write makes the
    /// schema, and the watcher, told by its notice, reads the loans from then on.
    @Test func aWatcherOnADatabaseWithoutTheSchemaSeesTheFirstWrite() throws {
        defer { loans.remove() }
        let server = try PostgresServer.shared()
        let url = server.url(try server.createDatabase())
        let watch = try Subprocess(BinaryHarness.binary, ["--db", url, "widget", "--watch"], environment: loans.environment)
        defer { watch.stop() }
        #expect(watch.waitForLines(1) == [""])
        #expect(try loans("--db", url, "add", "Dune", "--from", "Library", "--due", "2026-12-01").status == 0)
        #expect(watch.waitForLines(2).last == "1 due soon: Dune (due in 2 days)", "\(watch.lines)")
    }
}

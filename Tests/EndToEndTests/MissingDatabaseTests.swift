import Foundation
import Testing

/// A database that does not exist yet: a write that fails leaves nothing behind — no file, no
/// folder — so a typo in `--db` never leaves an empty database; a read answers empty and, on a
/// terminal only, says on stderr that there is no database at that path yet.
@Suite struct MissingDatabaseTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// Everything in the test folder, the pane's files aside.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: loans.folder).filter { !$0.hasPrefix("tmux") && $0 != "result" }.sorted()
    }

    @Test func aWriteThatFailsCreatesNoDatabase() throws {
        defer { loans.remove() }
        let typo = loans.folder + "/lonas.db"
        let failing: [[String]] = [
            ["remove", "99"], ["undo"], ["undo", "--skip"], ["redo"], ["edit", "99", "--title", "X"], ["renew", "99", "--by", "+1w"],
            ["return", "99"], ["reopen", "99"], ["add", "Dune", "--from", "Library", "--lent", "2026-11-20", "--due", "2026-11-10"],
        ]
        for command in failing {
            let result = try loans.run(BinaryHarness.binary, ["--db", typo] + command)
            #expect(result.status != 0 && result.out.isEmpty, "\(command): \(result.status) \(result.err)")
            let left = try names()
            #expect(left.isEmpty, "\(command) left \(left)")
        }
        // At the default place, the folders it would make are not left either.
        let xdg = loans.folder + "/data"
        let result = try loans.run(BinaryHarness.binary, ["remove", "99"], extra: ["LOANS_DB": "", "XDG_DATA_HOME": xdg])
        #expect(result.status == 1 && result.err == "loans: no loan with id 99\n")
        let left = try names()
        #expect(left.isEmpty, "left \(left)")
        // A write that succeeds makes the database, as before.
        #expect(try loans("--db", typo, "add", "Dune", "--from", "Library", "--due", "2026-12-01").out == "1\n")
        #expect(try names() == ["lonas.db"])
    }

    /// On a terminal, stderr says there is no database at that path yet; stdout keeps the empty
    /// answer. Into a pipe or a file, and from a bar, nothing is added.
    @Test func aReadOfAMissingDatabaseSaysSoOnATerminal() throws {
        defer { loans.remove() }
        let typo = loans.folder + "/lonas.db"
        let note = "loans: no database at \"\(typo)\" yet (the first add or import makes it)"
        // Each run waits for Enter, pressed once the pane shows it is ready: what a program
        // prints the moment a new pane starts may never reach tmux's screen.
        let pane = try TUITmuxPane(
            loans, command: "echo ready; read _; loans --db '\(typo)' list > '\(loans.folder)/out'; loans --db '\(typo)' history > /dev/null",
            width: 200
        )
        defer { pane.close() }
        try pane.waitFor("ready")
        try pane.press("Enter")
        #expect(try pane.result() == "terminal restored, exit 0")
        try pane.waitUntil("the note once for each read") { $0.components(separatedBy: note).count == 3 }
        #expect(try String(contentsOfFile: loans.folder + "/out", encoding: .utf8) == "No open loans.\n")
        for command in [["list"], ["agenda"], ["json"], ["widget"], ["history"]] {
            let piped = try loans.run(BinaryHarness.binary, ["--db", typo] + command)
            #expect(piped.status == 0 && piped.err.isEmpty, "\(command): \(piped.err)")
        }
        pane.close()
        try FileManager.default.removeItem(atPath: pane.resultFile)
        let bar = try TUITmuxPane(loans, command: "echo ready; read _; loans --db '\(typo)' widget > /dev/null; echo finished", width: 200)
        defer { bar.close() }
        try bar.waitFor("ready")
        try bar.press("Enter")
        #expect(try bar.result() == "terminal restored, exit 0")
        #expect(try !bar.waitFor("finished").contains("no database"), "a bar's run says nothing")
        #expect(try names() == ["out"], "reads make nothing")
    }
}

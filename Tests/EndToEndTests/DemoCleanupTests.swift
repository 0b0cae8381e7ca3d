import Foundation
import Glibc
import Testing

/// `--demo` leaves nothing behind, however the run ends: its folder (in `TMPDIR`, private to
/// each test here) is empty again after a normal exit, an error, each ending signal, and in
/// every front.
@Suite struct DemoCleanupTests {
    let loans: BinaryHarness
    let tmp: String

    init() throws {
        var harness = try BinaryHarness()
        tmp = harness.folder + "/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: false)
        harness.environment["TMPDIR"] = tmp
        loans = harness
    }

    func leftBehind() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: tmp)
    }

    @Test func normalExitsAndErrorsLeaveNothing() throws {
        defer { loans.remove() }
        #expect(try loans("--demo", "json").status == 0)
        #expect(try loans("--demo", "show", "99").status == 1)
        #expect(try loans("--demo", "add", "X", "--to", "Y", "--due", "today").status == 0)
        let piped = try loans.shell("loans --demo json all | head -c1")
        #expect(piped.status == 0 && piped.out == "{")
        #expect(try leftBehind() == [])
    }

    /// `widget --watch` stopped by each ending signal dies of that signal, after removing the demo.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE])
    func aWatchingWidgetStoppedByASignal(_ number: Int32) throws {
        defer { loans.remove() }
        let watching = try Subprocess(
            "/bin/sh", ["-c", "ulimit -c 0; exec \"$0\" --demo widget --watch", BinaryHarness.binary], environment: loans.environment
        )
        defer { watching.stop() }
        #expect(watching.waitForLines(1).count == 1)
        #expect(try leftBehind().count == 1)
        kill(watching.pid, number)
        #expect(watching.waitForExit())
        #expect(watching.signal == number, "ended with \(String(describing: watching.status))")
        #expect(try leftBehind() == [])
    }

    @Test(arguments: [("C-c", 130), ("TERM", 143), ("HUP", 129), ("q", 0)])
    func theTUIEndedByAKeyOrASignal(_ how: String, _ status: Int32) throws {
        defer { loans.remove() }
        let pidFile = loans.folder + "/tui.pid"
        let pane = try TUITmuxPane(loans, command: "sh -c 'echo $$ > \(pidFile); exec loans --demo tui'")
        defer { pane.close() }
        try pane.waitFor("OVERDUE (2)")
        #expect(try leftBehind().count == 1)
        if how.count == 1 || how.hasPrefix("C-") {
            try pane.press(how)
        } else {
            let pid = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try loans.run("/bin/kill", ["-\(how)", pid]).status == 0)
        }
        #expect(try pane.exitStatus() == status)
        #expect(try pane.result() == "terminal restored, exit \(status)")
        #expect(try leftBehind() == [])
    }
}

import Foundation
import Glibc
import LoansTestSupport
import Testing

/// A real click on a real bar: i3 under Xvfb with its own i3bar, whose status line is i3blocks
/// running the block of Docs/StatusBars.md verbatim. `xdotool` clicks on the block with the left,
/// then the right button; i3bar sends the click to i3blocks, i3blocks runs the block's command
/// with `$BLOCK_BUTTON`, and the stand-in terminal and notify-send record what they were given.
@Suite(.serialized) struct BarClickTests {
    static let width = 800

    /// The i3blocks block of Docs/StatusBars.md.
    static func documentedBlock() throws -> String {
        let block = try StatusBarsDoc.blocks(fenced: "ini").first { $0.hasPrefix("[loans]\n") && $0.contains("--format i3blocks") }
        return try #require(block, "Docs/StatusBars.md has no i3blocks block")
    }

    @Test func aClickOnTheI3blocksBlockInI3bar() throws {
        var loans = try BinaryHarness()
        defer { loans.remove() }
        try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-26", "--lent", "2026-11-01")
        let recorders = try ClickRecorders(in: loans.folder)
        let block = try BarClickTests.documentedBlock()
        #expect(block.contains(#"--click="$BLOCK_BUTTON""#), "\(block)")
        try Data(block.utf8).write(to: URL(fileURLWithPath: loans.folder + "/i3blocks.conf"))
        let runtime = loans.folder + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let config = loans.folder + "/i3.conf"
        try Data("""
            # i3 config file (v4)
            font pango:monospace 10
            ipc-socket \(runtime)/i3.sock
            bar {
                position top
                tray_output none
                status_command i3blocks -c \(loans.folder)/i3blocks.conf
            }

            """.utf8).write(to: URL(fileURLWithPath: config))

        let display = try XvfbDisplay(width: BarClickTests.width, height: 100, folder: loans.folder)
        defer { display.stop() }
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        loans.environment.merge([
            "PATH": recorders.bin + ":" + bin + ":/usr/bin:/bin", "DISPLAY": display.name, "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": runtime,
        ]) { $1 }
        let i3 = try Subprocess("/usr/bin/i3", ["-c", config], environment: loans.environment, mergeErrors: true)
        defer { BarClickTests.stop(i3, mentioning: loans.folder) }

        // The block is the status line's only one, at the bar's right end.
        func click(_ button: String) throws {
            try Tool.run("/usr/bin/xdotool", ["mousemove", String(BarClickTests.width - 12), "8", "click", button], environment: ["DISPLAY": display.name])
        }
        let left = try recorders.await(patience: 60) { try click("1") }
        let terminal = try #require(left?.first, "no terminal after a left click; i3 said: \(i3.output)")
        #expect(terminal.program == "x-terminal-emulator")
        #expect(terminal.arguments == ["-e", WidgetClickTests.binary, "tui", "--db", loans.folder + "/loans.db", "--today", "2026-11-29"])
        #expect(terminal.descriptors == ["/dev/null", "/dev/null", "/dev/null"] && terminal.ownSession)
        #expect(left?.allSatisfy { $0 == terminal } == true, "\(left ?? [])")

        try recorders.clear()
        let right = try recorders.await(patience: 60) { try click("3") }
        let notification = try #require(right?.first, "no notification after a right click; i3 said: \(i3.output)")
        #expect(notification.program == "notify-send")
        #expect(notification.arguments == ["--urgency=normal", "--app-name=loans", "--", "1 overdue", "The Hobbit — lent to Alice, 3 days overdue"])
        #expect(right?.allSatisfy { $0 == notification } == true)
    }

    /// Ends i3 (its bar and the status command go with it), then anything it left that still
    /// names the test's folder — by process id, as nothing else of the machine's does.
    static func stop(_ i3: Subprocess, mentioning folder: String) {
        i3.stop()
        _ = eventually(patience: 10) { processes(mentioning: folder).isEmpty }
        for pid in processes(mentioning: folder) { kill(pid, SIGKILL) }
    }

    /// The processes whose command line names `folder`.
    static func processes(mentioning folder: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != getpid(),
                  let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            return String(decoding: line.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self).contains(folder) ? pid : nil
        }
    }
}

import Foundation
import LoansTestSupport
import Testing

/// A real terminal for the TUI: a private tmux server (its own socket folder, `-L` name and
/// config with `remain-on-exit on`) running one pane at a fixed size. Tests type keys with
/// `send-keys`, read the screen with `capture-pane`, and wait for text by polling rather
/// than sleeping, so a slow machine only makes them slower.
final class TUITmuxPane {
    let loans: BinaryHarness
    let socket = "loans-tui-" + UUID().uuidString.prefix(8)
    private var environment: [String: String]
    /// How long to wait for the screen before failing: generous, for a busy CI machine.
    static let patience: TimeInterval = 30

    /// Starts `command` (a `/bin/sh` line with `loans` on the PATH) in a `width`×`height` pane,
    /// wrapped so that the terminal's modes are compared before and after it.
    init(_ loans: BinaryHarness, command: String, width: Int = 80, height: Int = 24) throws {
        self.loans = loans
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        environment = loans.environment.merging([
            "PATH": bin + ":/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color",
            "TMUX_TMPDIR": loans.folder, "SHELL": "/bin/sh",
        ]) { $1 }
        environment["TMUX"] = nil
        let config = loans.folder + "/tmux.conf"
        try "set -g remain-on-exit on\nset -g status off\n".write(toFile: config, atomically: true, encoding: .utf8)
        let status = try TUITmuxPane.spawnAndWait(
            "/usr/bin/tmux",
            [
                "-L", socket, "-f", config, "new-session", "-d", "-s", "t", "-x", String(width), "-y", String(height),
                TUITmuxPane.restoring(command, result: loans.folder + "/result"),
            ],
            environment: environment
        )
        guard status == 0 else { throw TmuxError(message: "tmux new-session exited with \(status)") }
    }

    /// Starts the tmux server outside Foundation's `Process` (see `Subprocess`): the server
    /// would inherit the socket `Process` watches for its child's exit and keep it open for its
    /// whole life, and it would inherit the test thread's blocked signals (then no SIGCHLD,
    /// SIGWINCH or SIGTERM reaches tmux or the TUI).
    static func spawnAndWait(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = try Subprocess(program, arguments, environment: environment, discardOutput: true)
        guard process.waitForExit(patience: patience) else { throw TmuxError(message: "\(program) did not finish") }
        return process.exitCode ?? 128 + (process.signal ?? 0)
    }

    /// Kills the private server (and so anything still running in the pane).
    func close() {
        _ = try? tmux("kill-server")
    }

    /// Runs a tmux command against this pane's server; it must succeed (exit 0, nothing on stderr).
    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try Tool.run("/usr/bin/tmux", ["-L", socket] + arguments, environment: environment)
    }

    /// Presses keys by tmux's names: `Enter`, `Escape`, `Tab`, `Down`, `C-u`, `j`…
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "t"] + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "t", "-l", text])
    }

    /// Pastes `text` as a terminal does when the application asked for bracketed paste
    /// (tmux `paste-buffer -p`); newlines reach the pane as CR, as a terminal sends them.
    func paste(_ text: String) throws {
        let file = loans.folder + "/paste-\(UUID().uuidString)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try tmux("load-buffer", "-b", "pasted", file)
        try tmux("paste-buffer", "-p", "-d", "-b", "pasted", "-t", "t")
    }

    /// Sends raw bytes to the pane, as a terminal would (`send-keys -H`).
    func send(bytes text: String) throws {
        let hex = text.utf8.map { String($0, radix: 16) }
        _ = try tmux(["send-keys", "-t", "t", "-H"] + hex)
    }

    /// A mouse report in SGR form (mode 1006), cells counted from 0: a left press and its
    /// release, or a turn of the wheel.
    func click(row: Int, column: Int) throws {
        try send(bytes: "\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    func wheel(down: Bool, row: Int = 5, column: Int = 5) throws {
        try send(bytes: "\u{1B}[<\(down ? 65 : 64);\(column + 1);\(row + 1)M")
    }

    /// A tmux format about the pane (`#{mouse_sgr_flag}`…).
    func format(_ text: String) throws -> String {
        try tmux("display-message", "-p", "-t", "t", text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pane's screen as text.
    func screen() throws -> String {
        try tmux("capture-pane", "-p", "-t", "t")
    }

    func resize(width: Int, height: Int) throws {
        try tmux("resize-window", "-t", "t", "-x", String(width), "-y", String(height))
    }

    /// Waits until the screen shows every one of `texts` (and none of `absent`); returns it.
    @discardableResult
    func waitFor(_ texts: String..., absent: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitUntil(sourceLocation: sourceLocation, "\(texts) without \(absent)") { screen in
            texts.allSatisfy(screen.contains) && !absent.contains(where: screen.contains)
        }
    }

    @discardableResult
    func waitUntil(
        sourceLocation: SourceLocation = #_sourceLocation, _ what: String, _ done: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(TUITmuxPane.patience)
        var last = ""
        repeat {
            last = try screen()
            if done(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        Issue.record("the screen never showed \(what); it shows:\n\(last)", sourceLocation: sourceLocation)
        throw TmuxError(message: "gave up waiting")
    }

    /// The exit status of the pane's command once it has ended: tmux's `pane_dead_status`.
    /// tmux 3.3a now and then never records it (seen with a bare `sh -c 'sleep 0.5; exit 3'`
    /// when several servers run at once); when the pane is dead and tmux still has no status a
    /// few seconds later, the status the wrapper recorded just before exiting stands in.
    func exitStatus() throws -> Int32? {
        let deadline = Date().addingTimeInterval(TUITmuxPane.patience)
        var deadSince: Date?
        repeat {
            let fields = try tmux("display-message", "-p", "-t", "t", "#{pane_dead} #{pane_dead_status}")
                .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if fields.first == "1" {
                if fields.count == 2, let status = Int32(fields[1]) { return status }
                deadSince = deadSince ?? Date()
                if let since = deadSince, Date().timeIntervalSince(since) > 3 {
                    return try result().split(separator: " ").last.flatMap { Int32($0) }
                }
            }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        Issue.record("the pane's command did not end within \(TUITmuxPane.patience) s; the screen shows:\n\((try? screen()) ?? "")")
        return nil
    }

    /// A shell line that runs `command` between two readings of the terminal's modes, writes
    /// whether they match and the command's status to `result` (and the screen), then exits
    /// with that status, so `pane_dead_status` is the command's.
    static func restoring(_ command: String, result resultFile: String) -> String {
        """
        trap true INT; before=$(stty -g); \(command); code=$?; after=$(stty -g); \
        if [ "$before" = "$after" ]; then state=restored; else state=changed; fi; \
        echo "terminal $state, exit $code" > \(resultFile).tmp; mv \(resultFile).tmp \(resultFile); exit $code
        """
    }

    var resultFile: String { loans.folder + "/result" }

    /// What `restoring` wrote once the command ended: `terminal restored, exit 0`.
    func result() throws -> String {
        let deadline = Date().addingTimeInterval(TUITmuxPane.patience)
        repeat {
            if let text = try? String(contentsOfFile: resultFile, encoding: .utf8) {
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        Issue.record("the pane's command wrote no result within \(TUITmuxPane.patience) s")
        return "no result"
    }
}

struct TmuxError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

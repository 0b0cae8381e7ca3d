import Foundation
import Testing

/// What a real tmux status line shows: shell commands run by `#()` in an inner private tmux
/// server's status lines, a client attached to it from inside an outer private tmux server,
/// and `capture-pane` of the outer pane, which shows the inner status lines as a user sees them.
struct TmuxStatusLine {
    let loans: BinaryHarness

    init(_ loans: BinaryHarness) {
        self.loans = loans
    }

    /// Runs each shell command in one line of an inner tmux's status (`L<i>[…]`), attaches a
    /// client to it from inside an outer tmux and returns what the outer pane shows between
    /// the brackets, once every line has appeared (`escapes`: with the SGR sequences).
    func lines(_ commands: [String], escapes: Bool = false) throws -> [String] {
        var shown: [String] = []
        for start in stride(from: 0, to: commands.count, by: 5) {
            let batch = Array(commands[start..<min(start + 5, commands.count)])
            shown += try group(batch, escapes: escapes)
        }
        return shown
    }

    private func group(_ commands: [String], escapes: Bool) throws -> [String] {
        var config = "set -g status \(max(commands.count, 2))\nset -g status-interval 1\nset -g remain-on-exit on\n"
        for (index, command) in commands.enumerated() {
            // tmux expands the text inside #() as a format before running it, so each
            // command lives in a script whose path holds nothing tmux would expand.
            let script = loans.folder + "/status-\(UUID().uuidString).sh"
            try Data((command + "\n").utf8).write(to: URL(fileURLWithPath: script))
            config += "set -g status-format[\(index)] \"L\(index)[#(sh \(script))]\"\n"
        }
        var lines: [String] = []
        let capture = try capture(config: config, escapes: escapes) { capture in
            lines = TmuxStatusLine.bracketed(capture, count: commands.count)
            return lines.count == commands.count && !lines.contains("")
        }
        #expect(lines.count == commands.count && !lines.contains(""), "the status lines never all appeared: \(lines)")
        guard escapes else { return lines }
        return capture.split(separator: "\n").map(String.init).filter { $0.contains("L0[") }
    }

    /// Starts an inner tmux server with `config`, attaches a client to it from inside an outer
    /// tmux server's pane, and returns the outer pane's capture once `done` accepts it (or
    /// after a patient wait).
    func capture(
        config: String, environment extra: [String: String] = [:], escapes: Bool = false, width: Int = 220,
        until done: (String) -> Bool
    ) throws -> String {
        let inner = TmuxServer(loans, extra: extra)
        let outer = TmuxServer(loans)
        defer {
            outer.stop()
            inner.stop()
        }
        let configPath = loans.folder + "/inner-\(inner.name).conf"
        try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
        try inner("-f", configPath, "new-session", "-d", "-s", "inner", "-x", "220", "-y", "12")
        try outer("-f", "/dev/null", "new-session", "-d", "-s", "outer", "-x", "\(width)", "-y", "12",
                  "env -u TMUX /usr/bin/tmux -u -L \(inner.name) attach -t inner")
        var capture = ""
        let seen = eventually {
            capture = (try? outer("capture-pane", "-p", "-t", "outer").output) ?? ""
            return done(capture)
        }
        #expect(seen, "the status line never showed what was awaited within 30 s; it shows:\n\(capture)")
        return escapes ? try outer("capture-pane", "-p", "-e", "-t", "outer").output : capture
    }

    /// The text between `L<i>[` and the last `]` of each status line `i`.
    static func bracketed(_ capture: String, count: Int) -> [String] {
        let rows = capture.split(separator: "\n").map { String($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
        return (0..<count).compactMap { index in
            guard let row = rows.first(where: { $0.hasPrefix("L\(index)[") }), row.hasSuffix("]") else { return nil }
            return String(row.dropFirst("L\(index)[".count).dropLast())
        }
    }
}

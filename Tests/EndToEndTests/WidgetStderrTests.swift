import Foundation
import Testing

/// The `--watch` lines of Docs/StatusBars.md keep a failure's message off the bar. Each is run as a
/// bar runs it (`/bin/sh -c`), stdout and stderr into one pipe (polybar's `tail = true` reads both),
/// on a database that cannot be read: only the bar's own lines may come out.
@Suite struct WidgetStderrTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    @Test func everyDocumentedWatchLinePrintsOnlyBarLinesOnAFailure() throws {
        defer { loans.remove() }
        try Data(("not a database, not at all" + String(repeating: "\u{1}", count: 2000)).utf8)
            .write(to: URL(fileURLWithPath: loans.folder + "/loans.db"))
        let commands = try StatusBarsDoc.widgetCommands().filter { $0.contains("--watch") && $0.contains("--format") }
        #expect(commands.count == 5, "\(commands)")
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let environment = loans.environment.merging(["PATH": bin + ":/usr/bin:/bin"]) { $1 }
        for command in commands {
            let run = try Subprocess("/bin/sh", ["-c", "exec " + command], environment: environment, mergeErrors: true)
            let shown = eventually(patience: 30) { run.lines.contains { $0.contains("loans: error") } }
            run.stop()
            #expect(shown, "\(command) never printed loans: error: \(run.output)")
            for line in run.lines {
                #expect(WidgetStderrTests.isBarLine(line, of: command), "\(command) printed \(line.debugDescription)")
            }
        }
    }

    /// Whether `line` is one the command's format prints (the message on stderr is none of them).
    static func isBarLine(_ line: String, of command: String) -> Bool {
        if command.contains("polybar") { return line == "%{F#FF5555}loans: error%{F-}" }
        if command.contains("i3blocks") { return line == "loans: error" }
        if command.contains("i3bar"), line == "{\"version\":1}" || line == "[" { return true }
        let json = command.contains("i3bar") && line.hasPrefix(",") ? String(line.dropFirst()) : line
        return (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil
    }
}

import Foundation
import Glibc
import LoansTestSupport
import Testing

/// Polybar 3.6 itself, under Xvfb, running the module of Docs/StatusBars.md verbatim: a data `%{`
/// shows as text without polybar logging a warning, a failure shows as `loans: error`, never
/// as loans' message on stderr, and a real click runs the module's click commands. What the bar shows is compared as pixels with a bar that prints the
/// expected line itself.
@Suite(.serialized) struct PolybarTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// The bar: one module, polybar's default font (Debian's `monospace`, DejaVu Sans Mono).
    static let bar = """
        [bar/loans]
        monitor = screen
        width = 100%
        height = 24
        font-0 = monospace;2
        modules-left = loans

        """

    /// Polybar with the bar and `module` (an INI section), logging at `info`: its log is the output.
    /// `path` comes first on the PATH its commands get (the clicks' stand-ins).
    func polybar(_ display: XvfbDisplay, module: String, path: String? = nil) throws -> Subprocess {
        let config = loans.folder + "/polybar-\(UUID().uuidString).ini"
        try Data((PolybarTests.bar + module).utf8).write(to: URL(fileURLWithPath: config))
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let search = (path.map { [$0] } ?? []) + [bin, "/usr/bin", "/bin"]
        let environment = loans.environment.merging(["PATH": search.joined(separator: ":"), "DISPLAY": display.name, "LANG": "C.UTF-8"]) { $1 }
        return try Subprocess("/usr/bin/polybar", ["-l", "info", "-c", config, "loans"], environment: environment, mergeErrors: true)
    }

    static func documentedModule() throws -> String {
        let module = try StatusBarsDoc.blocks(fenced: "ini").first { $0.contains("[module/loans]") }
        return try #require(module, "Docs/StatusBars.md has no polybar module")
    }

    @Test func aDataPercentBraceShowsWithoutAWarning() throws {
        defer { loans.remove() }
        let file = loans.folder + "/pwned"
        try loans.must("add", "50%{off} %{A1:touch \(file):}click%{A}", "--to", "B", "--due", "2026-11-27", "--lent", "2026-11-01")
        let display = try XvfbDisplay(width: 800, height: 30, folder: loans.folder)
        defer { display.stop() }
        let bar = try polybar(display, module: try PolybarTests.documentedModule())
        let drawn = try display.settled(rows: 24)
        bar.stop()
        #expect(drawn != nil, "polybar drew nothing: \(bar.output)")
        #expect(bar.output.contains("Loaded font"), "\(bar.output)")
        let warnings = bar.output.split(separator: "\n").filter { $0.contains("|warn") || $0.contains("|error") }
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// A real click (`xdotool`) on the module: polybar runs its `click-left` and `click-right`,
    /// and the stand-in terminal and notify-send record what they were given.
    @Test func aClickOnTheModuleOpensTheTUIOrShowsTheAgenda() throws {
        defer { loans.remove() }
        try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-26", "--lent", "2026-11-01")
        let recorders = try ClickRecorders(in: loans.folder)
        let module = try PolybarTests.documentedModule()
        #expect(module.contains("click-left = loans widget --format polybar --click 1"), "\(module)")
        let display = try XvfbDisplay(width: 800, height: 30, folder: loans.folder)
        defer { display.stop() }
        let bar = try polybar(display, module: module, path: recorders.bin)
        defer { bar.stop() }
        // The module is the bar's only one, at its left end.
        func click(_ button: String) throws {
            try Tool.run("/usr/bin/xdotool", ["mousemove", "30", "12", "click", button], environment: ["DISPLAY": display.name])
        }
        let left = try recorders.await(patience: 60) { try click("1") }
        let terminal = try #require(left?.first, "no terminal after a left click; polybar said: \(bar.output)")
        #expect(terminal.program == "x-terminal-emulator")
        #expect(terminal.arguments == ["-e", WidgetClickTests.binary, "tui", "--db", loans.folder + "/loans.db", "--today", "2026-11-29"])
        #expect(terminal.descriptors == ["/dev/null", "/dev/null", "/dev/null"] && terminal.ownSession)

        try recorders.clear()
        let right = try recorders.await(patience: 60) { try click("3") }
        let notification = try #require(right?.first, "no notification after a right click; polybar said: \(bar.output)")
        #expect(notification.arguments == ["--urgency=normal", "--app-name=loans", "--", "1 overdue", "The Hobbit — lent to Alice, 3 days overdue"])
        let warnings = bar.output.split(separator: "\n").filter { $0.contains("|warn") || $0.contains("|error") }
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func aFailureShowsAsLoansErrorAndNeverAsTheMessage() throws {
        defer { loans.remove() }
        let database = loans.folder + "/loans.db"
        try Data(("not a database" + String(repeating: "!", count: 4000)).utf8).write(to: URL(fileURLWithPath: database))
        let display = try XvfbDisplay(width: 800, height: 30, folder: loans.folder)
        defer { display.stop() }
        let reference = try polybar(display, module: """
            [module/loans]
            type = custom/script
            exec = echo '%{F#FF5555}loans: error%{F-}'; exec sleep 600
            tail = true
            """)
        let expected = try display.settled(rows: 24)
        reference.stop()
        #expect(expected != nil, "the reference bar drew nothing: \(reference.output)")

        let bar = try polybar(display, module: try PolybarTests.documentedModule())
        defer { bar.stop() }
        var shown = Data()
        let same = try eventually(patience: 30) {
            shown = try display.capture(rows: 24)
            return shown == expected
        }
        #expect(same, "the bar never showed loans: error: \(bar.output)")
        // Another failure, another message on stderr (loans retries within 2 s); the line
        // on stdout stays `loans: error`, so nothing new is printed there.
        try FileManager.default.removeItem(atPath: database)
        try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: false)
        sleep(3)
        #expect(try display.capture(rows: 24) == expected, "the bar shows something else than loans: error")
    }
}

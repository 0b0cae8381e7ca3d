import Foundation
import Glibc
import Testing

/// Polybar 3.6 itself, under Xvfb, running the module of Docs/StatusBars.md verbatim: a data `%{`
/// shows as text without polybar logging a warning, and a failure shows as `loans: error`, never
/// as loans' message on stderr. What the bar shows is compared as pixels with a bar that prints the
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
    func polybar(_ display: XvfbDisplay, module: String) throws -> Subprocess {
        let config = loans.folder + "/polybar-\(UUID().uuidString).ini"
        try Data((PolybarTests.bar + module).utf8).write(to: URL(fileURLWithPath: config))
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let environment = loans.environment.merging(["PATH": bin + ":/usr/bin:/bin", "DISPLAY": display.name, "LANG": "C.UTF-8"]) { $1 }
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

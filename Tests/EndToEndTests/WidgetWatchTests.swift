import Foundation
import Glibc
import Testing

/// `loans widget --watch` as a long-running process: a new line when another process writes
/// or the civil day rolls over, none otherwise; the i3bar protocol; failures and a reader
/// that goes away.
@Suite struct WidgetWatchTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    func watch(_ arguments: String...) throws -> Subprocess {
        try Subprocess(BinaryHarness.binary, ["widget", "--watch"] + arguments, environment: loans.environment)
    }

    @Test func aLineAppearsWhenAnotherProcessWritesAndOnlyThen() throws {
        defer { loans.remove() }
        let watching = try watch("--max-width", "60")
        defer { watching.stop() }
        #expect(watching.waitForLines(1) == [""])
        #expect(!FileManager.default.fileExists(atPath: loans.folder + "/loans.db"))
        try loans.must("add", "Dune", "--from", "City Library", "--due", "today")
        #expect(watching.waitForLines(2).last == "1 due soon: Dune (due today)")
        try loans.must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-27", "--lent", "2026-11-01")
        #expect(watching.waitForLines(3).last == "1 overdue · 1 due soon: The Hobbit (2 days overdue)")
        try loans.must("edit", "2", "--note", "changes nothing the bar shows")
        try loans.must("return", "2")
        #expect(watching.waitForLines(4).last == "1 due soon: Dune (due today)")
        try loans.must("remove", "1")
        #expect(watching.waitForLines(5) == [
            "", "1 due soon: Dune (due today)", "1 overdue · 1 due soon: The Hobbit (2 days overdue)",
            "1 due soon: Dune (due today)", "",
        ])
    }

    @Test func i3barGetsTheWholeProtocol() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "tomorrow")
        let watching = try watch("--format", "i3bar")
        defer { watching.stop() }
        let start = watching.waitForLines(3)
        #expect(start == [
            #"{"version":1}"#, "[",
            ##"[{"name":"loans","full_text":"1 due soon: Dune (due tomorrow)","short_text":"1 due soon","color":"#FFCC00"}]"##,
        ])
        try loans.must("edit", "1", "--due", "2026-11-29")
        let lines = watching.waitForLines(4)
        #expect(lines.last == ##",[{"name":"loans","full_text":"1 due soon: Dune (due today)","short_text":"1 due soon","color":"#FFCC00"}]"##)
        let stream = lines.dropFirst().joined(separator: "\n") + "\n]"
        let updates = try JSONSerialization.jsonObject(with: Data(stream.utf8)) as? [[[String: Any]]]
        #expect(updates?.count == 2)
        kill(watching.pid, SIGTERM)
        #expect(watching.waitForExit(patience: 10))
        #expect(watching.signal == SIGTERM)
    }

    /// The real clock crosses a real midnight: a POSIX `TZ` whose offset (to the second) puts
    /// local time a few seconds before midnight now. Nothing is injected.
    @Test func theCivilDayRollingOverPrintsANewLine() throws {
        defer { loans.remove() }
        var loans = self.loans
        loans.environment["LOANS_TODAY"] = nil
        let zone = WidgetWatchTests.zoneJustBeforeMidnight(secondsLeft: 15)
        let added = try loans.run(BinaryHarness.binary, ["add", "Dune", "--from", "City Library", "--due", "tomorrow"], extra: ["TZ": zone])
        #expect(added.status == 0)
        let watching = try Subprocess(
            BinaryHarness.binary, ["widget", "--watch"], environment: loans.environment.merging(["TZ": zone]) { $1 }
        )
        defer { watching.stop() }
        #expect(watching.waitForLines(2) == ["1 due soon: Dune (due tomorrow)", "1 due soon: Dune (due today)"], "TZ=\(zone)")
    }

    /// `LNS+hh:mm:ss` (POSIX: hours west of UTC) such that local time is `secondsLeft` before midnight.
    /// (A time-zone offset is instant arithmetic, so this test helper counts seconds in a day;
    /// loans itself never does: its days are civil.)
    static func zoneJustBeforeMidnight(secondsLeft: Int) -> String {
        let day = 24 * 3600
        let now = Int(Date().timeIntervalSince1970)
        var offset = ((now % day - (day - secondsLeft)) % day + day) % day
        if offset > day / 2 { offset -= day }
        let magnitude = offset.magnitude
        func two(_ value: UInt) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "LNS\(offset < 0 ? "-" : "+")\(two(magnitude / 3600)):\(two(magnitude / 60 % 60)):\(two(magnitude % 60))"
    }

    @Test func aBarFormatKeepsWatchingThroughAFailure() throws {
        defer { loans.remove() }
        let database = loans.folder + "/loans.db"
        try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: false)
        let watching = try watch("--format", "i3status-rust")
        defer { watching.stop() }
        #expect(watching.waitForLines(1) == [#"{"icon":"tasks","state":"Critical","text":"loans: error","short_text":"loans: error"}"#])
        try FileManager.default.removeItem(atPath: database)
        try loans.must("add", "Dune", "--from", "City Library", "--due", "today")
        // The watcher may see the moment between the two, with no database (an empty answer).
        let answer = #"{"icon":"tasks","state":"Warning","text":"1 due soon: Dune (due today)","short_text":"1 due soon"}"#
        #expect(eventually { watching.lines.last == answer }, "\(watching.lines)")
        #expect(watching.lines.dropFirst().dropLast().allSatisfy { $0 == #"{"icon":"tasks","state":"Idle","text":"","short_text":""}"# }, "\(watching.lines)")
        #expect(watching.isRunning)
    }

    @Test func plainStopsOnAFailureWithItsExitCode() throws {
        defer { loans.remove() }
        let result = try loans("--db", loans.folder, "widget", "--watch")
        #expect(result.status == 74 && result.out.isEmpty && result.err.hasPrefix("loans: cannot open database"))
    }

    /// `head -n 1` reads one line and goes away; with SIGPIPE ignored no write could kill the
    /// loop, which must notice on its own that nobody reads (the pipeline ends only then).
    @Test func itEndsWhenNobodyReadsEvenWithSIGPIPEIgnored() throws {
        defer { loans.remove() }
        let line = "trap '' PIPE; \"$0\" widget --watch --format waybar | head -n 1; echo pipeline ended"
        let pipeline = try Subprocess("/bin/sh", ["-c", line, BinaryHarness.binary], environment: loans.environment)
        defer { pipeline.stop() }
        let (code, output) = pipeline.finish()
        #expect(code == 0 && output.hasSuffix("}\npipeline ended\n") && output.split(separator: "\n").count == 2, "\(output)")
    }
}

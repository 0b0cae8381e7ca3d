import Foundation
import LoansTestSupport
import Testing

/// Input is bounded: import files, fixtures and standard input over 256 MiB are refused (65)
/// without being read whole, a value longer than the reading window is refused by its path, and
/// memory stays small whatever arrives (peak RSS measured by `/usr/bin/time`).
@Suite struct BoundedInputTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// The deadline of a run that reads hundreds of megabytes: the suite runs the debug binary,
    /// which takes 60–90 s for 256 MiB on a quiet 2-core machine and over 120 s with the rest of
    /// the suite beside it.
    static let streamingSeconds = 600.0

    func sh(_ line: String, seconds: Double = ProgramRun.defaultSeconds) throws -> BinaryHarness.Result {
        try loans.shell(line, extra: ["F": loans.folder], seconds: seconds)
    }

    /// Runs `line` under `/usr/bin/time`; returns the result and the peak RSS in KiB.
    func measured(_ line: String, seconds: Double = ProgramRun.defaultSeconds) throws -> (result: BinaryHarness.Result, kilobytes: Int) {
        let result = try sh("/usr/bin/time -f %M -o \"$F/rss\" \(line)", seconds: seconds)
        let rss = try String(contentsOfFile: loans.folder + "/rss", encoding: .utf8)
        return (result, Int(rss.split(separator: "\n").last ?? "") ?? .max)
    }

    @Test func importingAnEndlessDeviceIsRefusedQuicklyInLittleMemory() throws {
        defer { loans.remove() }
        let (result, kilobytes) = try measured(#"loans --db "$F/s.db" import /dev/zero"#)
        #expect(result.status == 65 && !result.crashed, "\(result.status) \(result.err)")
        #expect(result.err == "loans: line 1, column 1: invalid JSON: unexpected character\n")
        #expect(kilobytes < 64 * 1024, "peak RSS \(kilobytes) KiB")
    }

    @Test func anEndlessFixtureIsABarError() throws {
        defer { loans.remove() }
        let result = try loans("--fixture", "/dev/zero", "widget", "--format", "i3bar")
        #expect(result.status == 0 && !result.crashed, "\(result.status) \(result.err)")
        #expect(result.out.contains(#""full_text":"loans: error""#), "\(result.out)")
        #expect(result.err.hasPrefix("loans: --fixture \"/dev/zero\": "), "\(result.err)")
    }

    @Test func aFileOverTheCapIsRefusedUnread() throws {
        defer { loans.remove() }
        #expect(try sh(#"printf '{"schema_version": 1, "loans": []}' > "$F/big.json"; truncate -s 257M "$F/big.json""#).status == 0)
        let (result, kilobytes) = try measured(#"loans import "$F/big.json""#)
        #expect(result.status == 65, "\(result.err)")
        #expect(result.err == "loans: document: larger than 256 MiB, the most loans reads\n")
        #expect(kilobytes < 64 * 1024, "peak RSS \(kilobytes) KiB")
        let fixture = try sh(#"loans --fixture "$F/big.json" list"#)
        #expect(fixture.status == 65 && fixture.err.hasSuffix("document: larger than 256 MiB, the most loans reads\n"), "\(fixture.err)")
    }

    /// Standard input has no size to check first: it is read a window at a time and refused once
    /// past the cap (here endless whitespace inside a valid beginning).
    @Test func standardInputOverTheCapIsRefusedInLittleMemory() throws {
        defer { loans.remove() }
        let line = #"{ printf '{"schema_version": 1, "loans": ['; head -c 300000000 /dev/zero | tr '\0' ' '; } | /usr/bin/time -f %M -o "$F/rss" loans import -"#
        let result = try sh(line, seconds: Self.streamingSeconds)
        let kilobytes = Int(try String(contentsOfFile: loans.folder + "/rss", encoding: .utf8).split(separator: "\n").last ?? "") ?? .max
        #expect(result.status == 65, "\(result.err)")
        #expect(result.err == "loans: document: larger than 256 MiB, the most loans reads\n")
        #expect(kilobytes < 64 * 1024, "peak RSS \(kilobytes) KiB")
    }

    @Test func aValueLongerThanTheWindowIsRefusedByItsPath() throws {
        defer { loans.remove() }
        var document = Data(#"{"schema_version": 1, "loans": [{"id": 1, "title": "A", "direction": "lent", "counterparty": "B", "lent_on": "2026-11-01", "due_on": "2026-11-02", "note": ""#.utf8)
        document.append(Data(repeating: UInt8(ascii: "x"), count: 3 * 1024 * 1024))
        document.append(Data(#""}]}"#.utf8))
        try document.write(to: URL(fileURLWithPath: loans.folder + "/long.json"))
        let (result, kilobytes) = try measured(#"loans import "$F/long.json""#)
        #expect(result.status == 65)
        #expect(result.err == "loans: loans[0].note: longer than 1 MiB, the most one value may take\n")
        #expect(kilobytes < 64 * 1024, "peak RSS \(kilobytes) KiB")
        let key = #"{"schema_version": 1, "loans": [{""# + String(repeating: "k", count: 2 * 1024 * 1024) + #"": 1}]}"#
        try key.write(toFile: loans.folder + "/key.json", atomically: true, encoding: .utf8)
        let refused = try loans("import", loans.folder + "/key.json")
        #expect(refused.status == 65 && refused.err == "loans: loans[0]: a key longer than 1 MiB, the most one value may take\n", "\(refused.err)")
    }

    /// A large valid document streams: the whole of it is never held in memory.
    @Test func aLargeImportStreams() throws {
        defer { loans.remove() }
        let document = loans.folder + "/large.json"
        #expect(try loans.run("/bin/sh", ["-c", "'\(FaultTests.generator)' 200000 2026-11-29 > '\(document)'"]).status == 0)
        let (result, kilobytes) = try measured(#"loans import - < "$F/large.json""#, seconds: Self.streamingSeconds)
        #expect(result.status == 0 && result.out == "Imported 200000 loans.\n", "\(result.err)")
        #expect(kilobytes < 64 * 1024, "peak RSS \(kilobytes) KiB")
    }
}

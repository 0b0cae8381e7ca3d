import Foundation
import Glibc
import LoansCore
import LoansSystem
import LoansWake
import Testing

/// The one wake loop, with a source of the test's own (a pipe the test writes to, as a store's
/// descriptor): news wakes the front once it settled, a replaced store is told before the
/// wake-up, input and a closed output wake it at once, a terminal's resize wakes it — also one
/// that came while nobody waited — and nothing else does.
@Suite struct WakeLoopTests {
    /// A store's part of the loop over a pipe: each byte written is news of a change, and `r`
    /// news that the store was replaced.
    final class PipeSource: WakeSource {
        let reader: FileDescriptor
        let writer: FileDescriptor

        init() throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            reader = FileDescriptor(rawValue: ends[0])
            writer = FileDescriptor(rawValue: ends[1])
            try reader.setNonBlocking()
        }

        deinit {
            reader.close()
            writer.close()
        }

        func send(_ text: String) throws {
            try writer.writeAll(Array(text.utf8))
        }

        func interest(now: Int) -> WakeInterest {
            WakeInterest([(reader, .readable)])
        }

        func handle(_ ready: Readiness, now: Int) -> WakeNews {
            guard ready.isReady(reader) else { return .nothing }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = (try? buffer.withUnsafeMutableBytes { try reader.read(into: $0) }) ?? 0
            return buffer[..<count].contains(UInt8(ascii: "r")) ? .replaced : .changed
        }
    }

    /// A clock whose day the test moves.
    final class MovableClock: Clock, @unchecked Sendable {
        var day = CivilDate(iso: "2026-11-29")!
        func now() -> Now { Now(today: day, utc: UTCTimestamp(date: day, hour: 12, minute: 0, second: 0)) }
    }

    func loop(_ sources: [any WakeSource], clock: MovableClock = MovableClock(), zone: String? = nil) -> WakeLoop {
        WakeLoop(today: Today(fixed: nil, window: .standard, clock: clock), sources: sources, zoneFile: zone.flatMap(SystemPath.init))
    }

    @Test func newsThatComesTogetherIsOneWakeUp() throws {
        let source = try PipeSource()
        let loop = loop([source])
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 300) == .timeout)
        for _ in 0..<3 { try source.send("w") }
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 5000) == .answerMayHaveChanged)
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 300) == .timeout)
    }

    @Test func aReplacedStoreIsToldBeforeTheWakeUp() throws {
        let source = try PipeSource()
        let loop = loop([source])
        var told = 0
        loop.storeReplaced = { told += 1 }
        try source.send("w")
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 5000) == .answerMayHaveChanged)
        #expect(told == 0)
        try source.send("r")
        try source.send("w")
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 5000) == .answerMayHaveChanged)
        #expect(told == 1)
    }

    @Test func inputAndAClosedOutputWakeItAtOnce() throws {
        let loop = loop([try PipeSource()])
        var input: [Int32] = [-1, -1]
        #expect(pipe(&input) == 0)
        defer { close(input[0]) }
        #expect(Glibc.write(input[1], "k", 1) == 1)
        #expect(loop.next(input: input[0], output: nil, timeoutMilliseconds: 60_000) == .input)
        close(input[1])
        var output: [Int32] = [-1, -1]
        #expect(pipe(&output) == 0)
        defer { close(output[1]) }
        close(output[0])
        #expect(loop.next(input: nil, output: output[1], timeoutMilliseconds: 60_000) == .outputClosed)
    }

    /// A front reading a terminal (the TUI) learns of every resize — also one that came while
    /// it drew, between two waits, and whatever the store's source is — and no other front does.
    @Test func aTerminalsResizeWakesIt() throws {
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)  // a pseudo-terminal (its controlling side)
        try #require(terminal >= 0)
        defer { close(terminal) }
        let source = try PipeSource()
        let loop = loop([source])
        #expect(loop.next(input: terminal, output: nil, timeoutMilliseconds: 5000) == .resized, "the first wait on a terminal")
        #expect(loop.next(input: terminal, output: nil, timeoutMilliseconds: 300) == .timeout)
        raise(SIGWINCH)
        #expect(loop.next(input: terminal, output: nil, timeoutMilliseconds: 5000) == .resized, "a resize while nobody waited")
        #expect(loop.next(input: terminal, output: nil, timeoutMilliseconds: 300) == .timeout, "one resize, one wake-up")
        try source.send("w")
        #expect(loop.next(input: terminal, output: nil, timeoutMilliseconds: 5000) == .answerMayHaveChanged)
        raise(SIGWINCH)
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 300) == .timeout, "a front that reads no terminal sleeps on")
    }

    /// The zone file is the loop's, whatever the store: replacing the link (as `timedatectl`
    /// does) or writing the zone it names makes the loop look at the day; only a new day wakes
    /// the front, and other files beside the zone never do.
    @Test func aNewZoneWakesItOnlyWhenTheDayMoved() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/loans-wake-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/etc", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "zone A".write(toFile: folder + "/A", atomically: false, encoding: .utf8)
        try "zone B".write(toFile: folder + "/B", atomically: false, encoding: .utf8)
        let zone = folder + "/etc/localtime"
        #expect(symlink(folder + "/A", zone) == 0)
        let clock = MovableClock()
        let loop = loop([try PipeSource()], clock: clock, zone: zone)
        try "x".write(toFile: folder + "/etc/hosts", atomically: false, encoding: .utf8)
        #expect(rename(folder + "/etc/hosts", folder + "/etc/hosts.old") == 0)
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 1000) == .timeout, "other files beside the zone")
        #expect(symlink(folder + "/B", folder + "/etc/localtime.new") == 0)
        #expect(rename(folder + "/etc/localtime.new", zone) == 0)
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 1000) == .timeout, "a new zone, the same day")
        clock.day = clock.day.adding(days: 1)!
        let named = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/B"))
        named.seekToEndOfFile()
        named.write(Data(", new rules".utf8))
        try named.close()
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 5000) == .answerMayHaveChanged, "the zone the new link names changed, and with it the day")
        clock.day = clock.day.adding(days: 1)!
        #expect(unlink(zone) == 0)
        #expect(symlink(folder + "/A", zone) == 0)
        #expect(loop.next(input: nil, output: nil, timeoutMilliseconds: 5000) == .answerMayHaveChanged, "the link replaced by unlink and symlink")
    }
}

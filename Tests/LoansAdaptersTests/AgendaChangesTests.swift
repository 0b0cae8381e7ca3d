import Foundation
import Glibc
import LoansAdapters
import LoansCore
import Testing

/// The live-agenda port over the files: it wakes for a write, a replaced or new file and a new
/// day, for input on the front's descriptor and for its output losing its reader — and stays
/// asleep (a timeout) when nothing happened.
@Suite struct AgendaChangesTests {
    /// A clock whose day the test moves.
    final class MovableClock: Clock, @unchecked Sendable {
        var day = CivilDate(iso: "2026-11-29")!
        func now() -> Now { Now(today: day, utc: UTCTimestamp(date: day, hour: 23, minute: 59, second: 59)) }
    }

    func watching(_ path: String, clock: MovableClock = MovableClock()) -> PollingAgendaChanges {
        PollingAgendaChanges(watching: [path, path + "-wal"], today: Today(fixed: nil, window: .standard, clock: clock))
    }

    @Test func nothingHappenedIsATimeout() throws {
        let folder = try TemporaryFolder()
        try Data("one".utf8).write(to: URL(fileURLWithPath: folder.file("loans.db")))
        #expect(watching(folder.file("loans.db")).next(input: nil, output: nil, timeoutMilliseconds: 1500) == .timeout)
    }

    @Test func aWriteANewFileAndAReplacementWakeIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("loans.db")
        let changes = watching(path)
        try Data("created".utf8).write(to: URL(fileURLWithPath: path))
        #expect(changes.next(input: nil, output: nil, timeoutMilliseconds: 3000) == .answerMayHaveChanged)
        try Data("wal".utf8).write(to: URL(fileURLWithPath: path + "-wal"))
        #expect(changes.next(input: nil, output: nil, timeoutMilliseconds: 3000) == .answerMayHaveChanged)
        try Data("other file".utf8).write(to: URL(fileURLWithPath: folder.file("new")))
        #expect(rename(folder.file("new"), path) == 0)
        #expect(changes.next(input: nil, output: nil, timeoutMilliseconds: 3000) == .answerMayHaveChanged)
        #expect(changes.next(input: nil, output: nil, timeoutMilliseconds: 1500) == .timeout)
    }

    @Test func aNewDayWakesIt() throws {
        let folder = try TemporaryFolder()
        let clock = MovableClock()
        let changes = watching(folder.file("loans.db"), clock: clock)
        clock.day = clock.day.adding(days: 1)!
        #expect(changes.next(input: nil, output: nil, timeoutMilliseconds: 3000) == .answerMayHaveChanged)
    }

    @Test func inputAndAClosedOutputWakeItAtOnce() throws {
        let folder = try TemporaryFolder()
        let changes = watching(folder.file("loans.db"))
        var input: [Int32] = [-1, -1]
        #expect(pipe(&input) == 0)
        defer { close(input[0]) }
        #expect(write(input[1], "k", 1) == 1)
        #expect(changes.next(input: input[0], output: nil, timeoutMilliseconds: 60_000) == .input)
        close(input[1])
        var output: [Int32] = [-1, -1]
        #expect(pipe(&output) == 0)
        defer { close(output[1]) }
        close(output[0])
        #expect(changes.next(input: nil, output: output[1], timeoutMilliseconds: 60_000) == .outputClosed)
    }
}

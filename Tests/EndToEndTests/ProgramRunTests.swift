import Foundation
import LoansTestProcesses
import Testing

/// The deadline every process a test starts runs under: nothing can make a test wait forever.
@Suite struct ProgramRunTests {
    @Test func aProgramThatNeverEndsIsKilledAtItsDeadline() throws {
        let started = Date()
        #expect(throws: ProgramTimeout.self) { try ProgramRun("/bin/sleep", ["60"], patience: 0.5) }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func aChildThatKeepsTheOutputOpenIsCaughtToo() throws {
        #expect {
            try ProgramRun("/bin/sh", ["-c", "sleep 60 & echo started"], patience: 0.5)
        } throws: { error in
            (error as? ProgramTimeout).map { $0.exited && $0.out == "started\n" } ?? false
        }
    }

    @Test func inputLargerThanAPipeIsFedWholeAndStreamsAreKeptApart() throws {
        let input = Array(String(repeating: "line of text\n", count: 100_000).utf8)
        let result = try ProgramRun("/bin/sh", ["-c", "cat; echo oops >&2; exit 3"], stdin: input)
        #expect(result.status == 3 && !result.crashed)
        // Compared as one Bool: a failing comparison of two 1.3 MB arrays would be diffed for hours.
        let same = Array(result.out.utf8) == input
        #expect(same, "stdout has \(result.out.utf8.count) of \(input.count) bytes")
        #expect(result.err == "oops\n")
    }

    @Test func aToolMustExitZeroAndStayQuiet() throws {
        #expect(try Tool.run("/bin/sh", ["-c", "echo fine"]) == "fine\n")
        #expect(throws: ToolFailure.self) { try Tool.run("/bin/sh", ["-c", "exit 1"]) }
        #expect(throws: ToolFailure.self) { try Tool.run("/bin/sh", ["-c", "echo warning >&2"]) }
        #expect(throws: ToolFailure.self) { try Tool.run("/bin/sh", ["-c", "kill -9 $$"]) }
    }
}

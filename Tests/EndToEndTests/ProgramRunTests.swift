import Foundation
import LoansTestSupport
import Testing

/// The deadline every process a test runs to its end is held to: nothing can make a test wait
/// forever, and a tool that fails cannot pass for one that answered nothing.
@Suite struct ProgramRunTests {
    @Test func aProgramThatNeverEndsIsKilledAtItsDeadline() throws {
        let started = Date()
        #expect {
            try ProgramRun("/bin/sleep", ["60"], seconds: 0.5)
        } throws: { error in
            "\(error)".contains("did not finish within 0.5 s and was killed")
        }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func aChildThatKeepsTheOutputOpenDelaysTheRunOnlyBriefly() throws {
        let started = Date()
        let result = try ProgramRun("/bin/sh", ["-c", "sleep 60 & echo started"], seconds: 30)
        #expect(result.status == 0 && result.out == "started\n")
        #expect(Date().timeIntervalSince(started) < 20)
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

    @Test func aSignalIsACrash() throws {
        let result = try ProgramRun("/bin/sh", ["-c", "kill -9 $$"])
        #expect(result.crashed && result.status == 128 + 9)
    }

    @Test func aToolMustExitZeroAndStayQuiet() throws {
        #expect(try Tool.run("/bin/sh", ["-c", "echo fine"]) == "fine\n")
        #expect(throws: ToolFailure.self) { try Tool.run("/bin/sh", ["-c", "exit 1"]) }
        #expect(throws: ToolFailure.self) { try Tool.run("/bin/sh", ["-c", "echo warning >&2"]) }
        #expect(throws: ToolFailure.self) { try Tool.run("/bin/sh", ["-c", "kill -9 $$"]) }
    }
}

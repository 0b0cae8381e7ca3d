import Foundation
import Glibc
import LoansAdapters
import Testing

/// The delivery program's deadline, at the adapter: a program that outlives it is stopped with
/// everything it started, and the message says after how long (the command line gives 30 s;
/// here half a second, so the test does not wait).
@Suite struct DeliveryProgramTests {
    func eventually(patience: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test func aProgramPastItsDeadlineIsStoppedWithItsChildren() throws {
        let folder = try TemporaryFolder()
        let pids = folder.path + "/pids"
        let hanging = folder.path + "/hang"
        try ("#!/bin/sh\n" + #"echo $$ > "$PIDS"; sleep 300 & echo $! >> "$PIDS"; wait"# + "\n").write(toFile: hanging, atomically: true, encoding: .utf8)
        // Run by the shell, not exec'd: another test's spawn may still hold the fresh file open.
        let program = DeliveryProgram(
            program: "/bin/sh", arguments: [hanging], environment: ["PATH": "/usr/bin:/bin", "PIDS": pids], input: Array("digest\n".utf8),
            timeoutMilliseconds: 500
        )
        let stopped = #expect(throws: DeliveryError.self) { try program.run() }
        #expect(stopped?.message == "\"/bin/sh\" did not finish within 500 ms; it was stopped")
        let started = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(started.count == 2)
        #expect(eventually { started.allSatisfy { kill($0, 0) != 0 } }, "the program and its child were killed")
    }

    @Test func aProgramWithinItsDeadlineSucceeds() throws {
        let program = DeliveryProgram(
            program: "/bin/sh", arguments: ["-c", "cat >/dev/null"], environment: ["PATH": "/usr/bin:/bin"], input: Array("digest\n".utf8),
            timeoutMilliseconds: 30_000
        )
        try program.run()
    }
}

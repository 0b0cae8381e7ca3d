import Foundation
import Glibc
import Testing

/// A FIFO that holds shell processes until the test lets them go. Each shell runs `waitLine`
/// (it prints `ready` once it holds the FIFO open, then blocks reading it); `open(for:)`
/// writes one line per shell, so they all wake at the same moment.
final class Gate {
    let path: String
    private let descriptor: Int32

    init(in folder: String) throws {
        path = folder + "/gate-" + UUID().uuidString.prefix(8)
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // Held open for reading and writing: the shells' opens never block, and the lines
        // `open(for:)` writes stay in the pipe until every shell has read its own.
        descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit {
        close(descriptor)
    }

    /// The shell line that waits at the gate (`sh` reads a pipe one byte at a time, so each
    /// shell takes exactly one line).
    var waitLine: String { "exec 3<'\(path)'; echo ready; read _ <&3; exec 3<&-" }

    func open(for count: Int) {
        let lines = [UInt8](repeating: 0x0A, count: count)
        #expect(write(descriptor, lines, count) == count, "the gate could not be opened")
    }
}

/// Shell scripts that provably run at the same time: all spawned first (`posix_spawn`, so no
/// thread of the test runner is held per process), held at a `Gate` until every one is
/// ready, released together, each stamping `begin`/`end` times around its work.
final class ConcurrentShells {
    /// What one script printed (stdout and stderr, in order) and when its work ran.
    struct Outcome {
        let code: Int32?
        /// Every line except `ready`, `begin …` and `end …`: anything here is a failure.
        let lines: [String]
        let begin: Double?
        let end: Double?
    }

    let gate: Gate
    let processes: [Subprocess]

    /// Starts one `/bin/sh` per script, with `loans` on the PATH; `environments` adds to each.
    init(_ loans: BinaryHarness, scripts: [String], environments: [[String: String]]? = nil) throws {
        let gate = try Gate(in: loans.folder)
        self.gate = gate
        let bin = URL(fileURLWithPath: BinaryHarness.binary).deletingLastPathComponent().path
        let base = loans.environment.merging(["PATH": bin + ":/usr/bin:/bin"]) { $1 }
        processes = try scripts.enumerated().map { index, script in
            let line = "\(gate.waitLine)\necho \"begin $(date +%s.%N)\"\n\(script)\necho \"end $(date +%s.%N)\""
            let environment = base.merging(environments?[index] ?? [:]) { $1 }
            return try Subprocess("/bin/sh", ["-c", line], environment: environment, mergeErrors: true)
        }
    }

    /// Waits (at most `patience` seconds) until every shell is at the gate, then opens it.
    func release(patience: Double = 60) {
        let ready = eventually(patience: patience) { processes.allSatisfy { $0.lines.first == "ready" } }
        #expect(ready, "not every shell reached the gate within \(patience) s: \(processes.map(\.lines))")
        gate.open(for: processes.count)
    }

    /// Waits for the given shells to end, at most `patience` seconds in all (then they are
    /// killed and the test fails), and returns what each did.
    func finish(_ indices: [Int]? = nil, patience: Double = 300) -> [Outcome] {
        let deadline = Date().addingTimeInterval(patience)
        return (indices ?? Array(processes.indices)).map { index in
            let process = processes[index]
            let ended = process.waitForExit(patience: max(0, deadline.timeIntervalSinceNow))
            #expect(ended, "shell \(index) did not finish within \(patience) s; it printed \(process.lines)")
            if !ended { process.stop() }
            let (code, output) = process.finish(patience: 5)
            var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            func stamp(_ word: String) -> Double? {
                lines.first { $0.hasPrefix(word + " ") }.flatMap { Double($0.dropFirst(word.count + 1)) }
            }
            let begin = stamp("begin")
            let end = stamp("end")
            lines.removeAll { $0 == "ready" || $0.hasPrefix("begin ") || $0.hasPrefix("end ") }
            return Outcome(code: code, lines: lines, begin: begin, end: end)
        }
    }

    /// Seconds during which every one of `outcomes` was running (negative: they never all were).
    static func overlap(_ outcomes: [Outcome]) -> Double {
        let begins = outcomes.map { $0.begin ?? .infinity }
        let ends = outcomes.map { $0.end ?? -.infinity }
        return (ends.min() ?? 0) - (begins.max() ?? 0)
    }

    /// The shortest time any one of `outcomes` ran.
    static func shortestSpan(_ outcomes: [Outcome]) -> Double {
        outcomes.map { ($0.end ?? 0) - ($0.begin ?? 0) }.min() ?? 0
    }

    /// How often the owner changes along `owners` (the writer of each loan, in id order):
    /// 1 when one writer's loans all came before the other's, many when they interleaved.
    static func alternations(_ owners: [String]) -> Int {
        zip(owners, owners.dropFirst()).filter { $0 != $1 }.count
    }
}

import Foundation
import Glibc
import LoansTestSupport
import Testing

/// Output failures are failures: a full disk, a file-size limit, `/dev/full` or a closed pipe with
/// SIGPIPE ignored stop the command with `loans: cannot write output: …` and exit 74; with
/// SIGPIPE at its default a closed pipe ends the run silently, as it ends `jq`.
@Suite struct OutputFailureTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    /// A database of `count` generated loans (their `json all` is about 300 bytes a loan).
    func seed(_ count: Int) throws {
        let document = loans.folder + "/seed.json"
        #expect(try loans.run("/bin/sh", ["-c", "'\(FaultTests.generator)' \(count) 2026-11-29 > '\(document)'"]).status == 0)
        #expect(try loans("import", document).status == 0)
    }

    func sh(_ line: String) throws -> BinaryHarness.Result {
        try loans.shell(line, extra: ["F": loans.folder])
    }

    @Test func aFileSizeLimitFailsTheExport() throws {
        defer { loans.remove() }
        try seed(3000)
        let result = try sh(#"ulimit -f 256; loans json all > "$F/export.json""#)
        #expect(!result.crashed)
        #expect(result.status == 74, "\(result.err)")
        #expect(result.err == "loans: cannot write output: File too large\n")
        let written = try FileManager.default.attributesOfItem(atPath: loans.folder + "/export.json")[.size] as? Int ?? 0
        #expect(written > 0 && written <= 256 * 1024)
    }

    static let everyCommand: [[String]] = [
        ["json"], ["json", "all"], ["json", "overdue", "--ndjson"], ["agenda"], ["overdue"], ["due-soon"], ["list", "--all"],
        ["show", "1"], ["widget"], ["widget", "--format", "i3bar"], ["widget", "--format", "waybar"], ["widget", "--format", "tmux"],
        ["help"], ["--help"], ["help", "json"], ["--version"], ["add", "X", "--to", "Y", "--due", "today"],
    ]

    @Test func everyCommandFailsOnAFullDevice() throws {
        defer { loans.remove() }
        try seed(20)
        for command in Self.everyCommand {
            let quoted = command.map { "'\($0)'" }.joined(separator: " ")
            let result = try sh("loans \(quoted) > /dev/full")
            #expect(result.status == 74 && !result.crashed, "\(command): \(result.status) \(result.err)")
            #expect(result.err == "loans: cannot write output: No space left on device\n", "\(command)")
        }
    }

    /// `json all | head -c10` with SIGPIPE ignored: one failed write, the message, exit 74.
    @Test func aClosedPipeWithSIGPIPEIgnoredStopsAtTheFirstFailedWrite() throws {
        defer { loans.remove() }
        try seed(5000)
        let line = #"""
            trap '' PIPE
            { strace -f -qq -e trace=write -o "$F/trace" loans json all 2>"$F/err"; echo $? > "$F/status"; } | head -c10 > /dev/null
            """#
        #expect(try sh(line).status == 0)
        let status = try String(contentsOfFile: loans.folder + "/status", encoding: .utf8)
        let err = try String(contentsOfFile: loans.folder + "/err", encoding: .utf8)
        let trace = try String(contentsOfFile: loans.folder + "/trace", encoding: .utf8)
        #expect(status == "74\n")
        #expect(err == "loans: cannot write output: Broken pipe\n")
        let failed = trace.split(separator: "\n").filter { $0.contains("EPIPE") }
        #expect(failed.count == 1, "\(failed.count) failed writes")
    }

    /// SIGPIPE at its default: the run ends by the signal, prints nothing, and leaves nothing.
    @Test func aClosedPipeWithSIGPIPEAtItsDefaultEndsSilently() throws {
        defer { loans.remove() }
        let tmp = loans.folder + "/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: false)
        for command in [["--demo", "json", "all"], ["--demo", "widget", "--watch"]] {
            let run = try ClosedPipeRun(command, environment: loans.environment.merging(["TMPDIR": tmp]) { $1 })
            #expect(run.signal == SIGPIPE, "\(command): status \(run.status)")
            #expect(run.err.isEmpty, "\(run.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty, "\(command)")
        }
        let ignored = try ClosedPipeRun(["--demo", "json", "all"], environment: loans.environment.merging(["TMPDIR": tmp]) { $1 }, ignoringSIGPIPE: true)
        #expect(ignored.exitCode == 74 && ignored.err == "loans: cannot write output: Broken pipe\n", "\(ignored.status) \(ignored.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
    }
}

/// Runs the binary with its standard output on a pipe whose reading end is already closed (so
/// the first write fails for certain), signals at their defaults or SIGPIPE ignored; stderr is kept.
struct ClosedPipeRun {
    let status: Int32
    let err: String

    var signal: Int32? { status & 0x7F == 0 ? nil : status & 0x7F }
    var exitCode: Int32? { status & 0x7F == 0 ? (status >> 8) & 0xFF : nil }

    init(_ arguments: [String], environment: [String: String], ignoringSIGPIPE: Bool = false) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        close(fds[0])
        defer { close(fds[1]) }
        let errFile = FileManager.default.temporaryDirectory.path + "/loans-err-" + UUID().uuidString
        defer { unlink(errFile) }
        let errors = open(errFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard errors >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(errors) }
        let program = ignoringSIGPIPE ? "/bin/sh" : BinaryHarness.binary
        let words = ignoringSIGPIPE ? ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", BinaryHarness.binary] + arguments : arguments
        let pid = try ProgramRun.spawn(program, words, environment: environment, output: fds[1], errors: errors).get()
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(30)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                Issue.record("loans \(arguments) did not end within 30 s")
                break
            }
            usleep(10_000)
        }
        self.status = status
        err = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
    }
}

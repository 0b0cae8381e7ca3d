import Foundation
import Glibc
import LoansTestSupport
import Testing

/// Processes that run alongside a test (a watch loop, a tmux client, a shell), started with
/// `ProgramRun.spawn` and reaped with `waitpid` on their own pid rather than through
/// Foundation's `Process`: a tmux client that daemonises its server, or a watch loop stopped by
/// a signal, could otherwise leave a test waiting for an exit Foundation never noticed.
/// Children start with no signal blocked, as a bar would start them (the test threads block
/// nearly every signal).
final class Subprocess: @unchecked Sendable {
    let pid: pid_t
    private let reader: Int32
    /// The writing end of its stdin, when it takes input (`send`); -1 otherwise.
    private var writer: Int32 = -1
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var exitStatus: Int32?
    private var readerDone = false

    /// Starts `program` with `arguments` and exactly `environment`; stdout is read as it comes
    /// (stderr goes to /dev/null, or to stdout when `mergeErrors`). With `discardOutput` both go
    /// to /dev/null and nothing is read: for a program that daemonises (a tmux server would
    /// otherwise hold the pipe open for its whole life). With `takesInput` its stdin is a pipe
    /// the test writes to (`send`); otherwise /dev/null.
    init(
        _ program: String, _ arguments: [String], environment: [String: String],
        mergeErrors: Bool = false, discardOutput: Bool = false, takesInput: Bool = false
    ) throws {
        var fds: [Int32] = [-1, -1]
        var input: [Int32] = [-1, -1]
        // Close-on-exec, so processes other tests start meanwhile never hold these pipes open.
        if !discardOutput {
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        if takesInput {
            guard pipe(&input) == 0 else { throw POSIXError(.EMFILE) }
            for fd in input { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        let output = discardOutput ? nil : fds[1]
        let spawned = try ProgramRun.spawn(
            program, arguments, environment: environment, input: takesInput ? input[0] : nil, output: output, errors: mergeErrors ? output : nil
        )
        for fd in [fds[1], input[0]] where fd >= 0 { close(fd) }
        let child: pid_t
        do {
            child = try spawned.get()
        } catch {
            for fd in [fds[0], input[1]] where fd >= 0 { close(fd) }
            throw error
        }
        writer = input[1]
        pid = child
        reader = fds[0]
        if discardOutput {
            readerDone = true
        } else {
            let thread = Thread { [self] in readUntilEnd() }
            thread.start()
        }
    }

    deinit {
        stop()
    }

    private func readUntilEnd() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(reader, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            lock.lock()
            received += buffer[0..<count]
            lock.unlock()
        }
        close(reader)
        lock.lock()
        readerDone = true
        lock.unlock()
    }

    /// Writes `text` to its stdin (which must have been asked for: `takesInput`).
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(writer, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    /// Everything printed so far.
    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: received, as: UTF8.self)
    }

    /// The complete lines printed so far.
    var lines: [String] {
        var lines = output.components(separatedBy: "\n")
        lines.removeLast()
        return lines
    }

    /// The wait status once the process has ended (reaped here), else nil.
    var status: Int32? {
        lock.lock()
        defer { lock.unlock() }
        if exitStatus == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status }
        }
        return exitStatus
    }

    var isRunning: Bool { status == nil }

    /// The exit code, or nil while running or when a signal ended it.
    var exitCode: Int32? {
        guard let status, status & 0x7F == 0 else { return nil }
        return (status >> 8) & 0xFF
    }

    /// The signal that ended it, if one did.
    var signal: Int32? {
        guard let status, status & 0x7F != 0 else { return nil }
        return status & 0x7F
    }

    /// Waits until at least `count` lines have arrived, or gives up after `patience` seconds
    /// (so a broken build fails instead of hanging); returns the lines there are.
    func waitForLines(_ count: Int, patience: Double = 30) -> [String] {
        _ = eventually(patience: patience) { lines.count >= count || !isRunning }
        return lines
    }

    /// Waits for the process to end by itself, at most `patience` seconds; true when it did.
    func waitForExit(patience: Double = 30) -> Bool {
        eventually(patience: patience) { !isRunning }
    }

    /// Waits for the end and for all its output (a daemonised grandchild may keep the pipe).
    func finish(patience: Double = 30) -> (code: Int32?, output: String) {
        _ = waitForExit(patience: patience)
        _ = eventually(patience: 2) {
            lock.lock()
            defer { lock.unlock() }
            return readerDone
        }
        return (exitCode, output)
    }

    /// Sends SIGTERM, as a bar does; SIGKILL if that did not end it, so no test hangs.
    func stop() {
        if writer >= 0 {
            close(writer)
            writer = -1
        }
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if !waitForExit(patience: 10) {
            kill(pid, SIGKILL)
            _ = waitForExit(patience: 10)
        }
    }
}

/// Polls until `condition` holds or `patience` seconds pass; returns whether it held.
func eventually(patience: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(patience)
    while Date() < deadline {
        if try condition() { return true }
        usleep(50_000)
    }
    return try condition()
}

/// A private tmux server (`tmux -L NAME`), killed by `stop()`.
struct TmuxServer {
    let name: String
    let environment: [String: String]

    /// The server gets the harness's environment, plus `extra` (which the commands it runs inherit).
    init(_ loans: BinaryHarness, extra: [String: String] = [:]) {
        name = "loans-widget-" + UUID().uuidString.prefix(8)
        environment = loans.environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8"]) { $1 }.merging(extra) { $1 }
    }

    /// Runs a tmux command against this server; returns its exit code and output (stdout and
    /// stderr). A command that fails or does not end within 30 s throws `TmuxError`.
    @discardableResult
    func callAsFunction(_ arguments: String...) throws -> (code: Int32?, output: String) {
        let result = try Subprocess("/usr/bin/tmux", ["-u", "-L", name] + arguments, environment: environment, mergeErrors: true).finish()
        guard result.code == 0 else {
            let how = result.code.map { "exited with \($0)" } ?? "did not end within 30 s"
            throw TmuxError(message: "tmux \(arguments.joined(separator: " ")) \(how): \(result.output)")
        }
        return result
    }

    func stop() {
        _ = try? self("kill-server")
    }
}

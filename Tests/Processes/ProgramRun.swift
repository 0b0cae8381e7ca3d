import Foundation
import Glibc

/// One run of a program to its end, as the tests see it: started with `posix_spawn` (clean, as
/// `SpawnHygiene` says), fed `stdin` through a pipe, stdout and stderr read apart, and a
/// deadline: a run that has not ended and closed its output after `patience` seconds is killed
/// and reported as `ProgramTimeout`, so no test can hang.
public struct ProgramRun: Sendable {
    /// The exit code, or the signal number when a signal ended it.
    public let status: Int32
    public let out: String
    public let err: String
    /// True when the process ended by a signal (a trap), not an exit.
    public let crashed: Bool

    /// How long a run may take unless the caller says otherwise: generous, for a busy CI machine.
    public static let defaultPatience: Double = 120

    /// Runs `program` with `arguments` and exactly `environment` (the test runner's when nil).
    public init(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, stdin: [UInt8] = [],
        patience: Double = ProgramRun.defaultPatience
    ) throws {
        let command = ([program] + arguments).joined(separator: " ")
        let pipes = try (Pipes().nonBlockingWrites(), Pipes(), Pipes())
        let (input, output, errors) = pipes
        let pid = try ProgramRun.spawn(program, arguments, environment, input: input, output: output, errors: errors)
        let deadline = Date().addingTimeInterval(patience)
        var collected = (out: [UInt8](), err: [UInt8]())
        var pending = stdin[...]
        var status: Int32?
        if pending.isEmpty { input.closeWriting() }
        while output.reading >= 0 || errors.reading >= 0 || status == nil {
            if Date() >= deadline {
                if status == nil {
                    kill(pid, SIGKILL)
                    var ignored: Int32 = 0
                    waitpid(pid, &ignored, 0)
                }
                for pipe in [input, output, errors] { pipe.closeAll() }
                throw ProgramTimeout(
                    command: command, patience: patience, exited: status != nil,
                    out: String(decoding: collected.out, as: UTF8.self), err: String(decoding: collected.err, as: UTF8.self)
                )
            }
            if status == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
            }
            if output.reading < 0 && errors.reading < 0 {
                // Output closed, so the process is ending: check again soon.
                if status == nil { usleep(500) }
                continue
            }
            var watched = [output.reading, errors.reading].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if !pending.isEmpty { watched.append(pollfd(fd: input.writing, events: Int16(POLLOUT), revents: 0)) }
            guard poll(&watched, nfds_t(watched.count), 20) > 0 || watched.contains(where: { $0.revents != 0 }) else { continue }
            output.drain(watched[0].revents, into: &collected.out)
            errors.drain(watched[1].revents, into: &collected.err)
            if watched.count == 3, watched[2].revents & Int16(POLLERR | POLLHUP) != 0 {
                // The program closed its input without reading it all: writing would raise SIGPIPE.
                pending = []
                input.closeWriting()
            } else if watched.count == 3, watched[2].revents != 0 {
                let written = pending.withUnsafeBytes { write(input.writing, $0.baseAddress, min($0.count, 1 << 16)) }
                if written > 0 { pending = pending.dropFirst(written) }
                if written < 0 && errno != EAGAIN && errno != EINTR { pending = [] }
                if pending.isEmpty { input.closeWriting() }
            }
        }
        input.closeAll()
        let raw = status ?? 0
        crashed = raw & 0x7F != 0
        self.status = crashed ? raw & 0x7F : (raw >> 8) & 0xFF
        out = String(decoding: collected.out, as: UTF8.self)
        err = String(decoding: collected.err, as: UTF8.self)
    }

    private static func spawn(
        _ program: String, _ arguments: [String], _ environment: [String: String]?, input: Pipes, output: Pipes, errors: Pipes
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.reading, 0)
        posix_spawn_file_actions_adddup2(&actions, output.writing, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.writing, 2)
        SpawnHygiene.closeOthers(in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        SpawnHygiene.apply(to: &attributes)
        let variables = environment ?? ProcessInfo.processInfo.environment
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let code = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        input.closeReading()
        output.closeWriting()
        errors.closeWriting()
        guard code == 0 else {
            for pipe in [input, output, errors] { pipe.closeAll() }
            throw ProgramNotStarted(program: program, code: code)
        }
        return pid
    }
}

/// A run that did not end (or kept its output open) within its deadline; it was killed.
public struct ProgramTimeout: Error, CustomStringConvertible {
    public let command: String
    public let patience: Double
    public let exited: Bool
    public let out: String
    public let err: String

    public var description: String {
        let what = exited ? "exited, but a process it started kept its output open" : "did not finish"
        return "\(command) \(what) within \(patience) s and was killed; stdout: \(out.debugDescription); stderr: \(err.debugDescription)"
    }
}

/// `posix_spawn` refused to start the program.
public struct ProgramNotStarted: Error, CustomStringConvertible {
    public let program: String
    public let code: Int32
    public var description: String { "cannot start \(program): \(String(cString: strerror(code)))" }
}

/// One pipe; both ends close on exec, so no other child ever holds them.
final class Pipes {
    private(set) var reading: Int32 = -1
    private(set) var writing: Int32 = -1

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw ProgramNotStarted(program: "pipe", code: errno) }
        reading = fds[0]
        writing = fds[1]
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }

    /// Makes the writing end non-blocking: only for the end the test itself writes (the
    /// flag belongs to the open file, so a child's end must never get it).
    func nonBlockingWrites() -> Pipes {
        _ = fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK)
        return self
    }

    deinit {
        closeAll()
    }

    /// Reads what is there when `events` says so; closes the reading end at end of file.
    func drain(_ events: Int16, into bytes: inout [UInt8]) {
        guard reading >= 0, events != 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reading, &buffer, buffer.count)
        if count > 0 {
            bytes += buffer[..<count]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            closeReading()
        }
    }

    func closeReading() {
        if reading >= 0 { close(reading) }
        reading = -1
    }

    func closeWriting() {
        if writing >= 0 { close(writing) }
        writing = -1
    }

    func closeAll() {
        closeReading()
        closeWriting()
    }
}

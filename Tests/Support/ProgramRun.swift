import Foundation
import Glibc

/// A program run to its end within a deadline: its exit status and both outputs. Started with
/// `posix_spawn` (`spawn`: every descriptor of the test closed, no signal blocked), not through
/// Foundation's `Process`, whose exit watch a daemon such as a database server inherits and
/// keeps open. `stdin` is fed through a pipe; stdout and stderr are read apart. A program that
/// has not ended after `seconds` is killed and the run throws, so no test can hang on one.
package struct ProgramRun: Sendable {
    /// The exit code, or 128 + the signal that ended the program.
    package let status: Int32
    package let out: String
    package let err: String
    /// True when a signal ended the program (a trap), not an exit.
    package let crashed: Bool

    /// How long a run may take unless the caller says otherwise: generous, for a busy CI machine.
    package static let defaultSeconds: Double = 120

    /// After the program exits, how long a process it left behind may keep its output open
    /// before the run returns what it has (a daemon such as `pg_ctl`'s server may never close it).
    static let drainSeconds: Double = 5

    /// Runs `program` with `arguments` and exactly `environment` (the test's own when nil).
    package init(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, stdin: [UInt8] = [],
        seconds: Double = ProgramRun.defaultSeconds
    ) throws {
        let (input, output, errors) = try (ChildPipe(), ChildPipe(), ChildPipe())
        input.makeWritingNonBlocking()
        let spawned = try ProgramRun.spawn(
            program, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
            input: input.reading, output: output.writing, errors: errors.writing
        )
        input.closeReading()
        output.closeWriting()
        errors.closeWriting()
        guard case .success(let pid) = spawned else { throw HarnessError("cannot start \(program)") }

        var collected: [[UInt8]] = [[], []]
        var pending = stdin[...]
        if pending.isEmpty { input.closeWriting() }
        var raw: Int32?
        let deadline = Date().addingTimeInterval(seconds)
        var drainUntil = Date.distantFuture
        while output.reading >= 0 || errors.reading >= 0 || raw == nil {
            if raw == nil {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    raw = status
                    drainUntil = Date().addingTimeInterval(ProgramRun.drainSeconds)
                }
            }
            if Date() > deadline, raw == nil {
                kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
                let seen = collected.map { String(decoding: $0, as: UTF8.self).debugDescription }
                throw HarnessError("\(([program] + arguments).joined(separator: " ")) did not finish within \(seconds) s and was killed; stdout: \(seen[0]); stderr: \(seen[1])")
            }
            if Date() > drainUntil { break }
            if output.reading < 0 && errors.reading < 0 {
                usleep(500)  // output closed: the program is ending
                continue
            }
            var polled = [output.reading, errors.reading].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if !pending.isEmpty { polled.append(pollfd(fd: input.writing, events: Int16(POLLOUT), revents: 0)) }
            guard poll(&polled, nfds_t(polled.count), 20) > 0 else { continue }
            output.drain(polled[0].revents, into: &collected[0])
            errors.drain(polled[1].revents, into: &collected[1])
            if polled.count == 3, polled[2].revents != 0 {
                if polled[2].revents & Int16(POLLERR | POLLHUP) != 0 {
                    pending = []  // the program closed its input unread: writing would raise SIGPIPE
                } else {
                    let written = pending.withUnsafeBytes { write(input.writing, $0.baseAddress, min($0.count, 1 << 16)) }
                    if written > 0 { pending = pending.dropFirst(written) }
                    if written < 0 && errno != EAGAIN && errno != EINTR { pending = [] }
                }
                if pending.isEmpty { input.closeWriting() }
            }
        }
        let ended = raw ?? 0
        crashed = ended & 0x7F != 0
        status = crashed ? 128 + ended & 0x7F : (ended >> 8) & 0xFF
        out = String(decoding: collected[0], as: UTF8.self)
        err = String(decoding: collected[1], as: UTF8.self)
    }
}

extension ProgramRun {
    /// Starts `program` with standard input, output and errors from these descriptors (or
    /// /dev/null), every other descriptor closed and no signal blocked or ignored: it inherits
    /// nothing of the test process but what it is given. (Without the closing, a child started
    /// while a test was writing a file, a refresh hook say, would keep it open for writing, and
    /// running that file would fail with ETXTBSY for as long as the child lives.)
    package static func spawn(
        _ program: String, _ arguments: [String], environment: [String: String],
        input: Int32? = nil, output: Int32? = nil, errors: Int32? = nil
    ) throws -> Result<pid_t, POSIXError> {
        guard let closeFrom = ProgramRun.addCloseFrom else {
            throw HarnessError("this glibc lacks posix_spawn_file_actions_addclosefrom_np (2.34 or newer is needed)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, target) in [(input, Int32(0)), (output, Int32(1)), (errors, Int32(2))] {
            if let descriptor {
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        _ = closeFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        return code == 0 ? .success(pid) : .failure(POSIXError(POSIXErrorCode(rawValue: code) ?? .ENOENT))
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift imports only under _GNU_SOURCE.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self) }
}

/// One pipe whose ends close on exec, so no child but the one it is given to holds them.
final class ChildPipe {
    private(set) var reading: Int32 = -1
    private(set) var writing: Int32 = -1

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw HarnessError("cannot make a pipe") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (reading, writing) = (ends[0], ends[1])
    }

    deinit {
        closeReading()
        closeWriting()
    }

    /// For the end the test itself writes only: the flag belongs to the open file, so a
    /// child's end must never get it.
    func makeWritingNonBlocking() {
        _ = fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK)
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
}

/// A test harness that could not do its job; the test fails with this message.
package struct HarnessError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}

import Foundation
import Glibc

/// A program run to its end within a deadline: its exit status and both outputs. Started with
/// `posix_spawn`, pipes close-on-exec and no signal blocked (not through Foundation's `Process`,
/// whose exit watch a daemon such as a database server inherits and keeps open), so a server
/// that `pg_ctl` leaves running holds nothing of the test's.
public struct ProgramRun: Sendable {
    /// The exit code, or 128 + the signal that ended the program.
    public let status: Int32
    public let out: String
    public let err: String

    /// Runs `program` with `arguments` and exactly `environment`, standard input empty; kills it
    /// and throws when it has not ended after `seconds`.
    public init(_ program: String, _ arguments: [String], environment: [String: String], seconds: Double = 60) throws {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw HarnessError("cannot make pipes") }
        for descriptor in outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let spawned = try ProgramRun.spawn(program, arguments, environment: environment, output: outPipe[1], errors: errPipe[1])
        close(outPipe[1])
        close(errPipe[1])
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        guard case .success(let pid) = spawned else { throw HarnessError("cannot start \(program)") }

        var outputs: [[UInt8]] = [[], []]
        var open = [outPipe[0], errPipe[0]]
        var exit: Int32?
        let deadline = Date().addingTimeInterval(seconds)
        var drainUntil = Date.distantFuture
        while open.contains(where: { $0 >= 0 }) || exit == nil {
            if exit == nil {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
                    drainUntil = Date().addingTimeInterval(5)  // a daemon it started may hold a pipe
                }
            }
            if Date() > deadline, exit == nil {
                kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
                throw HarnessError("\(program) \(arguments.joined(separator: " ")) did not finish within \(seconds) s")
            }
            if Date() > drainUntil { break }
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 20) > 0 else { continue }
            for index in polled.indices where polled[index].fd >= 0 && polled[index].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = read(polled[index].fd, &buffer, buffer.count)
                if count > 0 { outputs[index] += buffer[0..<count] } else if count == 0 || errno != EINTR { open[index] = -1 }
            }
        }
        status = exit ?? 0
        out = String(decoding: outputs[0], as: UTF8.self)
        err = String(decoding: outputs[1], as: UTF8.self)
    }
}

extension ProgramRun {
    /// Starts `program` with standard input empty, output and errors to these descriptors (or
    /// /dev/null), every other descriptor closed and no signal blocked or ignored: it inherits
    /// nothing of the test process but what it is given.
    static func spawn(
        _ program: String, _ arguments: [String], environment: [String: String], output: Int32? = nil, errors: Int32? = nil
    ) throws -> Result<pid_t, POSIXError> {
        guard let closeFrom = ProgramRun.addCloseFrom else {
            throw HarnessError("this glibc lacks posix_spawn_file_actions_addclosefrom_np (2.34 or newer is needed)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (descriptor, target) in [(output, Int32(1)), (errors, Int32(2))] {
            if let descriptor {
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
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

/// A test harness that could not do its job; the test fails with this message.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

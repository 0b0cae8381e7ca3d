import CLinux
import Glibc
import LoansCore

/// Why a delivery failed: nothing was recorded as sent, and the message says why.
package struct DeliveryError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// A program that delivers reminders (`notify-send`, or the user's `--exec` program), run
/// directly with `posix_spawn` — never through a shell, so its arguments reach it as given, one
/// each. It is found on `PATH` as `execvp` would, gets `input` on its standard input (else
/// `/dev/null`) and inherits standard output and error. It runs in a process group of its own;
/// when it is not done within the deadline, or the run is ended by a signal meanwhile
/// (`RunCleanup`), the whole group is killed. Success is exit status 0.
/// A program a click starts (the widget's terminal or notification) is `start`ed instead:
/// detached, never waited for.
package struct DeliveryProgram {
    /// The program as given: a path (with a `/`), or a name looked up on `PATH`.
    package let program: String
    package let arguments: [String]
    /// Its whole environment.
    package let environment: [String: String]
    /// What it reads on standard input; nil for none.
    package let input: [UInt8]?
    package let timeoutMilliseconds: Int

    package init(program: String, arguments: [String], environment: [String: String], input: [UInt8]?, timeoutMilliseconds: Int) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.input = input
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Runs it to the end; throws when it cannot start, fails, or outlives the deadline.
    package func run() throws(DeliveryError) {
        let path = try resolved()
        var feed: (reader: FileDescriptor, writer: FileDescriptor)?
        if input != nil {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw failure("cannot make a pipe: \(Errno.current)") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            feed = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
        }
        let pid: pid_t
        do {
            // Started and registered in one step, so that a signal ending the run (Ctrl-C, a
            // TERM) ends the program's group too: it must not deliver what is never recorded.
            pid = try RunCleanup.withEndingSignalsBlocked { () throws(DeliveryError) in
                let pid = try spawn(path, stdin: feed?.reader, apart: .group)
                RunCleanup.register(processGroup: pid)
                return pid
            }
        } catch {
            if let feed { [feed.reader, feed.writer].forEach { $0.close() } }
            throw error
        }
        defer { RunCleanup.forget(processGroup: pid) }
        feed?.reader.close()
        let status = try wait(for: pid, feeding: feed?.writer)
        if status & 0x7F != 0 { throw failure("\(Quoted(program)) was ended by signal \(status & 0x7F)") }
        let code = (status >> 8) & 0xFF
        if code != 0 { throw failure("\(Quoted(program)) exited with status \(code)") }
    }

    /// Starts it detached and returns at once, never waiting for it: in a session of its own (no
    /// terminal's or bar's signal reaches it), with standard input, output and error on
    /// `/dev/null` (it never holds a bar's pipe open), so it may outlive the run — a click's
    /// terminal, say. `input` and the deadline do not apply. Throws when it cannot start.
    package func start() throws(DeliveryError) {
        let path = try resolved()
        DetachedChildren.shared.reapFinished()
        DetachedChildren.shared.add(try spawn(path, stdin: nil, apart: .session, quiet: true))
    }

    /// The program's path: as given when it has a `/`, else the first executable file of that
    /// name in a `PATH` folder (an empty entry is the current folder).
    func resolved() throws(DeliveryError) -> String {
        if program.contains("/") {
            if let refusal = DeliveryProgram.refusal(program) { throw failure("cannot run \(Quoted(program)): \(refusal)") }
            return program
        }
        guard !program.isEmpty else { throw failure("the program to run is empty") }
        let search = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in search.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if DeliveryProgram.refusal(candidate) == nil { return candidate }
        }
        throw failure("cannot run \(Quoted(program)): no such program on PATH")
    }

    /// Why the file at `path` cannot be run (it is missing, a folder, not executable), or nil
    /// when it is an executable regular file.
    private static func refusal(_ path: String) -> Errno? {
        guard let name = SystemPath(path) else { return .noSuchFile }
        let status: FileStatus
        do {
            status = try FileStatus(name)
        } catch {
            return error
        }
        guard status.kind == .regular else { return .isAFolder }
        return name.withCString { access($0, X_OK) } == 0 ? nil : .permissionDenied
    }

    /// Starts the program at `path` apart from loans (`stdin` is its input, or nil for /dev/null);
    /// `quiet` puts its output and errors on /dev/null too instead of loans' own.
    private func spawn(_ path: String, stdin: FileDescriptor?, apart: CleanSpawn.Apart, quiet: Bool = false) throws(DeliveryError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin.rawValue, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        if quiet {
            for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
            }
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        do {
            return try CleanSpawn(apart: apart).spawn(path, &actions, arguments: argv, environment: envp)
        } catch {
            throw failure("cannot run \(Quoted(program)): \(error)")
        }
    }

    /// Feeds the input (closing the pipe when done, or when the program stops reading) and waits
    /// for the end, at most until the deadline; then the program's group is killed.
    private func wait(for pid: pid_t, feeding writer: FileDescriptor?) throws(DeliveryError) -> Int32 {
        let deadline = MonotonicClock.milliseconds() + timeoutMilliseconds
        let process = pidfd_open(pid, 0)
        defer { if process >= 0 { close(process) } }
        var pending = input.map { ArraySlice($0) } ?? []
        var writer = writer
        try? writer?.setNonBlocking()
        func finishInput() {
            writer?.close()
            writer = nil
        }
        if pending.isEmpty { finishInput() }
        var previous = sigaction()
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGPIPE, &ignore, &previous)
        defer { sigaction(SIGPIPE, &previous, nil) }
        while true {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                finishInput()
                return status
            }
            let remaining = deadline - MonotonicClock.milliseconds()
            if remaining <= 0 {
                finishInput()
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                _ = valueOrErrno { waitpid(pid, &status, 0) }
                throw failure("\(Quoted(program)) did not finish within \(DeliveryProgram.seconds(timeoutMilliseconds)); it was stopped")
            }
            var wanted: [(FileDescriptor, PollEvents)] = []
            if process >= 0 { wanted.append((FileDescriptor(rawValue: process), .readable)) }
            if let writer { wanted.append((writer, .writable)) }
            // Without a process descriptor (a kernel before 5.3), look again every 50 ms.
            guard let ready = try? Poll.wait(wanted, milliseconds: process >= 0 ? remaining : min(remaining, 50)) else { continue }
            if let writer, ready.isReady(writer) {
                do throws(Errno) {
                    pending = pending.dropFirst(try pending.withUnsafeBytes { bytes in Result { () throws(Errno) in try writer.write(bytes) } }.get())
                    if pending.isEmpty { finishInput() }
                } catch where error == .wouldBlock {
                } catch {
                    finishInput()
                }
            }
        }
    }

    static func seconds(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    private func failure(_ message: String) -> DeliveryError {
        DeliveryError(message: message)
    }
}

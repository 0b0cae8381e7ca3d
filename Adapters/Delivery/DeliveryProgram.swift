import CLinux
import Glibc
import LoansCore
import LoansWake

/// Why a delivery failed: nothing was recorded as sent, and the message says why.
package struct DeliveryError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// A program that delivers reminders (`notify-send`, or the user's `--exec` program), run
/// directly with `posix_spawn` — never through a shell, so its arguments reach it as given, one
/// each. It is found on `PATH` as `execvp` would, gets `input` on its standard input (else
/// `/dev/null`) and inherits standard output and error. It runs in a process group of its own;
/// when it is not done within the deadline, the whole group is killed. Success is exit status 0.
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
        var stdinPipe: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&stdinPipe) == 0 else { throw failure("cannot make a pipe: \(errorText())") }
            for descriptor in stdinPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        }
        defer { for descriptor in stdinPipe where descriptor >= 0 { close(descriptor) } }
        let pid = try spawn(path, stdin: stdinPipe[0], apart: .group)
        close(stdinPipe[0])
        stdinPipe[0] = -1
        let status = try wait(for: pid, feeding: stdinPipe[1]) { stdinPipe[1] = -1 }
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
        DetachedChildren.shared.add(try spawn(path, stdin: -1, apart: .session, quiet: true))
    }

    /// The program's path: as given when it has a `/`, else the first executable file of that
    /// name in a `PATH` folder (an empty entry is the current folder).
    func resolved() throws(DeliveryError) -> String {
        func runnable(_ path: String) -> Bool {
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
        }
        if program.contains("/") {
            guard runnable(program) else { throw failure("cannot run \(Quoted(program)): \(errorText(runnableError(program)))") }
            return program
        }
        guard !program.isEmpty else { throw failure("the program to run is empty") }
        let search = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in search.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if runnable(candidate) { return candidate }
        }
        throw failure("cannot run \(Quoted(program)): no such program on PATH")
    }

    private func runnableError(_ path: String) -> Int32 {
        var info = stat()
        if stat(path, &info) != 0 { return errno }
        return info.st_mode & S_IFMT == S_IFREG ? EACCES : EISDIR
    }

    /// Starts the program at `path` apart from loans (`stdin` is its input, or -1 for /dev/null);
    /// `quiet` puts its output and errors on /dev/null too instead of loans' own.
    private func spawn(_ path: String, stdin: Int32, apart: CleanSpawn.Apart, quiet: Bool = false) throws(DeliveryError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin >= 0 {
            posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO)
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
        var pid = pid_t()
        let code = CleanSpawn(apart: apart).with { posix_spawn(&pid, path, &actions, &$0, argv, envp) }
        guard code == 0 else { throw failure("cannot run \(Quoted(program)): \(errorText(code))") }
        return pid
    }

    /// Feeds the input (closing the pipe when done, or when the program stops reading) and waits
    /// for the end, at most until the deadline; then the program's group is killed.
    private func wait(for pid: pid_t, feeding writer: Int32, closed: () -> Void) throws(DeliveryError) -> Int32 {
        let deadline = MonotonicClock.milliseconds() + timeoutMilliseconds
        let process = pidfd_open(pid, 0)
        defer { if process >= 0 { close(process) } }
        var pending = input.map { ArraySlice($0) } ?? []
        var writer = writer
        if writer >= 0 { _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK) }
        func finishInput() {
            guard writer >= 0 else { return }
            close(writer)
            writer = -1
            closed()
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
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                throw failure("\(Quoted(program)) did not finish within \(DeliveryProgram.seconds(timeoutMilliseconds)); it was stopped")
            }
            var descriptors: [pollfd] = []
            if process >= 0 { descriptors.append(pollfd(fd: process, events: Int16(POLLIN), revents: 0)) }
            if writer >= 0 { descriptors.append(pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)) }
            // Without a process descriptor (a kernel before 5.3), look again every 50 ms.
            _ = poll(&descriptors, nfds_t(descriptors.count), Int32(process >= 0 ? remaining : min(remaining, 50)))
            if writer >= 0, descriptors.contains(where: { $0.fd == writer && $0.revents != 0 }) {
                let written = pending.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
                if written > 0 { pending = pending.dropFirst(written) }
                if pending.isEmpty || (written < 0 && errno != EAGAIN && errno != EINTR) { finishInput() }
            }
        }
    }

    static func seconds(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    private func failure(_ message: String) -> DeliveryError {
        DeliveryError(message: message)
    }

    private func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}

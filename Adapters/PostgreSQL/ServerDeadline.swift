import Glibc
import LoansCore

/// A one-shot run's bound on waiting for the server. libpq's connect timeout leaves out name
/// resolution, and nothing bounds a server that accepted the connection and then stalls, so a
/// status bar could hang; instead the process arms `ITIMER_REAL` around each wait — the
/// connection (name resolution, TCP, TLS, authentication and the session's first statement) and
/// each statement's answer — and clears it after. When the timer fires, a message prepared in
/// advance goes to stderr and the process ends with exit 74 at once (`_exit`, all the signal
/// handler may safely do); the server rolls back any transaction left open when the connection
/// drops, so nothing is half-written. A one-shot run holds one connection on one thread, so one
/// process-wide timer serves it; runs that keep going use TCP keepalives instead.
final class ServerDeadline {
    /// How long one statement's answer may take (a change waiting for another's locks included).
    static let answerSeconds = 30

    private let connecting: Ending
    private let answering: Ending
    private let connectMilliseconds: Int?

    /// Deadlines for talking to `target`: connecting within `connectSeconds` (nil: the user asked
    /// libpq to wait as long as it takes), each answer within `answerSeconds`; a run that runs
    /// out ends as `noAnswer` says.
    init(_ target: ConnectionString, connectSeconds: Int?, noAnswer: PostgresClient.NoAnswer) {
        connectMilliseconds = connectSeconds.map { $0 * 1000 }
        connecting = Ending(
            "loans: cannot connect to PostgreSQL database \(Quoted(target.redacted)): no answer within \(connectSeconds ?? 0) s (name resolution included)\n",
            noAnswer
        )
        answering = Ending("loans: PostgreSQL database \(Quoted(target.redacted)) did not answer within \(ServerDeadline.answerSeconds) s\n", noAnswer)
    }

    /// Runs `body` (connecting) under the connect deadline.
    func connecting<T, E>(_ body: () throws(E) -> T) throws(E) -> T {
        try bounded(connecting, milliseconds: connectMilliseconds, body)
    }

    /// Runs `body` (one statement and its answer) under the answer deadline.
    func answering<T, E>(_ body: () throws(E) -> T) throws(E) -> T {
        try bounded(answering, milliseconds: ServerDeadline.answerSeconds * 1000, body)
    }

    private func bounded<T, E>(_ ending: Ending, milliseconds: Int?, _ body: () throws(E) -> T) throws(E) -> T {
        guard let milliseconds else { return try body() }
        ServerDeadline.arm(ending, milliseconds: milliseconds)
        defer { ServerDeadline.arm(nil, milliseconds: 0) }
        return try body()
    }

    /// What the handler writes and the status it exits with — plain pointers and numbers, which a
    /// signal handler may read — and the handler, installed once.
    nonisolated(unsafe) private static var pending: (message: UnsafeMutableBufferPointer<UInt8>, output: UnsafeMutableBufferPointer<UInt8>, status: Int32)?
    private static let installed: Void = {
        // A mask inherited from whoever started loans (a thread that blocks signals) must not
        // hold the deadline back.
        var alarm = sigset_t()
        sigemptyset(&alarm)
        sigaddset(&alarm, SIGALRM)
        sigprocmask(SIG_UNBLOCK, &alarm, nil)
        signal(SIGALRM) { _ in
            guard let (message, output, status) = ServerDeadline.pending else { _exit(74) }
            _ = write(STDERR_FILENO, message.baseAddress, message.count)
            _ = write(STDOUT_FILENO, output.baseAddress, output.count)
            _exit(status)
        }
    }()

    /// Sets the timer to fire after `milliseconds` and end the run as `ending` says, or clears it (nil).
    private static func arm(_ ending: Ending?, milliseconds: Int) {
        _ = installed
        var timer = itimerval()
        if ending == nil { setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil) }
        pending = ending.map { ($0.message, $0.output, $0.status) }
        guard ending != nil else { return }
        timer.it_value = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    }

    /// How a run that ran out ends, its bytes at fixed addresses for the signal handler (the
    /// timer is cleared after each wait, so the handler never sees them freed).
    private final class Ending {
        let message: UnsafeMutableBufferPointer<UInt8>
        let output: UnsafeMutableBufferPointer<UInt8>
        let status: Int32

        init(_ message: String, _ noAnswer: PostgresClient.NoAnswer) {
            self.message = Ending.bytes(message)
            output = Ending.bytes(noAnswer.output)
            status = noAnswer.status
        }

        deinit {
            message.deallocate()
            output.deallocate()
        }

        private static func bytes(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, text.utf8.count))
            _ = buffer.initialize(from: text.utf8)
            return UnsafeMutableBufferPointer(rebasing: buffer[..<text.utf8.count])
        }
    }
}

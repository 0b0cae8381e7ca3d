import CLibPQ
import Glibc
import LoansSystem
import LoansWake

/// Making a connection within the connect deadline, through libpq's asynchronous calls:
/// `PQconnectStartParams`, then `PQconnectPoll` each time `poll(2)` finds the socket ready for
/// what libpq asked. libpq looks a server's name up with a blocking call inside those calls — the
/// first host's in `PQconnectStartParams`, a further host's in `PQconnectPoll` — which neither a
/// deadline nor a signal can cut short. So a connection with a deadline is made on a thread of
/// its own, and the caller waits for it until the deadline and no longer. An attempt the caller
/// gave up on ends by itself: its own waits on the socket have the same deadline, and when a
/// lookup finally returns, it closes whatever it made.
///
/// libpq's `connect_timeout` bounds each host only in its blocking connect; here the deadline
/// (`ConnectionParameters.connectBudgetSeconds`: the timeout for each host listed, and a second
/// more) bounds the whole attempt. libpq moves on to the next host at once when one refuses or
/// fails, but not from one that stays silent.
final class ConnectAttempt: @unchecked Sendable {
    // Safe to share: `outcome` and `abandoned` are read and written only while `monitor` is held,
    // and the handle passes from the attempt's thread to the caller through `outcome` (or is
    // closed by the attempt once abandoned), so no two threads ever use it.
    private let monitor = Monitor()
    private var outcome: Result<OpaquePointer, PostgresError>?
    private var abandoned = false

    /// A connection libpq reports made, within `seconds` (nil: as long as it takes, on the
    /// caller's thread).
    static func connect(_ parameters: ConnectionParameters, pq: LibPQ, within seconds: Int?) throws(PostgresError) -> OpaquePointer {
        guard let seconds else { return try run(parameters, pq, until: nil) }
        let deadline = ServerDeadline.connecting(within: seconds)
        let attempt = ConnectAttempt()
        let started = DetachedThread.start {
            attempt.finish(Result { () throws(PostgresError) in try run(parameters, pq, until: deadline) }, pq)
        }
        guard started else { return try run(parameters, pq, until: deadline) }
        return try attempt.outcome(until: deadline)
    }

    /// The connection, or why there is none, once the attempt ended or the deadline passed.
    private func outcome(until deadline: ServerDeadline) throws(PostgresError) -> OpaquePointer {
        let result: Result<OpaquePointer, PostgresError> = monitor.locked {
            while outcome == nil, monitor.wait(until: deadline.moment) {}
            if let outcome { return outcome }
            abandoned = true
            return .failure(deadline.expired)
        }
        return try result.get()
    }

    /// Hands the attempt's outcome to the caller, or closes the connection nobody waits for.
    private func finish(_ result: Result<OpaquePointer, PostgresError>, _ pq: LibPQ) {
        let unclaimed: OpaquePointer? = monitor.locked {
            guard !abandoned else { return try? result.get() }
            outcome = result
            monitor.wakeAll()
            return nil
        }
        if let unclaimed { pq.finish(unclaimed) }
    }

    /// Connections are made one at a time in the process: in the shipped binary, libpq's C library
    /// (a copy of its own, see `LibPQ.prepareThread`) keeps one resolver state for every thread it
    /// did not start itself, so two name lookups at once could meet in it.
    private static let oneAtATime = Monitor()

    /// Connects within `deadline` on the calling thread, once no other connection is being made.
    private static func run(_ parameters: ConnectionParameters, _ pq: LibPQ, until deadline: ServerDeadline?) throws(PostgresError) -> OpaquePointer {
        try oneAtATime.locked { () throws(PostgresError) in
            pq.prepareThread()
            if let deadline, deadline.moment <= MonotonicClock.milliseconds() { throw deadline.expired }
            return try step(parameters, pq, until: deadline)
        }
    }

    /// Connects step by step, waiting on the socket for what libpq asks, until `deadline`.
    private static func step(_ parameters: ConnectionParameters, _ pq: LibPQ, until deadline: ServerDeadline?) throws(PostgresError) -> OpaquePointer {
        let made = parameters.withKeywordsAndValues { keywords, values in pq.connectStartParams(keywords, values, 1) }
        guard let handle = made else { throw PostgresError(message: "libpq could not allocate a connection") }
        do throws(PostgresError) {
            var polling = pq.status(handle) == CONNECTION_BAD ? PGRES_POLLING_FAILED : PGRES_POLLING_WRITING
            while true {
                switch polling {
                case PGRES_POLLING_OK:
                    return handle
                case PGRES_POLLING_READING:
                    _ = try ServerDeadline.wait(on: pq.socket(handle), for: POLLIN, until: deadline)
                case PGRES_POLLING_WRITING:
                    _ = try ServerDeadline.wait(on: pq.socket(handle), for: POLLOUT, until: deadline)
                default:
                    let message = pq.errorMessage(handle).map { String(cString: $0) } ?? ""
                    throw PostgresError(message: message.isEmpty ? "unknown failure" : parameters.target.scrub(message))
                }
                polling = pq.connectPoll(handle)
            }
        } catch {
            pq.finish(handle)
            throw error
        }
    }
}

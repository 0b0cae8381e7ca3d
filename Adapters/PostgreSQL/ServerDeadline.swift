import Glibc
import LoansSystem

/// How long one wait for the server may take, and the wait itself. A one-shot run bounds every
/// wait — connecting (name lookup, TCP, TLS and authentication) by the connect budget, each
/// statement's answer by `answerSeconds` — and a run that keeps going bounds the connecting
/// only. libpq is used through its asynchronous calls, so it never blocks on the server by
/// itself: loans waits in `poll(2)` on the connection's socket until it is ready or the deadline
/// has passed. A wait that runs out throws `PostgresError(timedOut:)`, which the store reports as
/// `StoreError(.timedOut)`; nothing here writes output or ends the process.
struct ServerDeadline: Sendable {
    /// How long one statement's answer may take in a one-shot run (a change waiting for another's
    /// locks included).
    static let answerSeconds = 30

    /// When the wait runs out, in milliseconds of the monotonic clock.
    let moment: Int
    /// How a message says that it ran out: "did not answer within 30 s".
    let missed: String

    /// The deadline of a connection made within `seconds` from now.
    static func connecting(within seconds: Int) -> ServerDeadline {
        ServerDeadline(moment: MonotonicClock.milliseconds() + seconds * 1000, missed: "no answer within \(seconds) s (name resolution included)")
    }

    /// The deadline of an answer given within `seconds` from now.
    static func answering(within seconds: Int) -> ServerDeadline {
        ServerDeadline(moment: MonotonicClock.milliseconds() + seconds * 1000, missed: "did not answer within \(seconds) s")
    }

    /// The error of a wait that ran out.
    var expired: PostgresError { PostgresError(timedOut: missed) }

    /// Waits until `socket` is ready for `events` (`POLLIN`, `POLLOUT`) or has failed (which the
    /// libpq call that follows reports) and returns what it is ready for; throws once `deadline`
    /// (nil: none) has passed.
    static func wait(on socket: Int32, for events: Int32, until deadline: ServerDeadline?) throws(PostgresError) -> Int32 {
        guard socket >= 0 else { return events }  // no socket: the next libpq call says why
        let descriptor = FileDescriptor(rawValue: socket)
        while true {
            var milliseconds: Int?
            if let deadline {
                let left = deadline.moment - MonotonicClock.milliseconds()
                guard left > 0 else { throw deadline.expired }
                milliseconds = left
            }
            do {
                let found = try Poll.wait([(descriptor, PollEvents(rawValue: Int16(events)))], milliseconds: milliseconds).events(descriptor)
                if !found.isEmpty { return Int32(found.rawValue) }
            } catch where error == .interrupted {
                continue  // a signal's handler ran: the time left is looked at again
            } catch {
                throw PostgresError(message: "cannot wait for the server: \(error)")
            }
        }
    }
}

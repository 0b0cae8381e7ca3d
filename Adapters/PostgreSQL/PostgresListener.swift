import CLibPQ
import LoansCore
import LoansSystem
import LoansWake

/// The PostgreSQL engine's part of the wake loop. Every write notifies `loans` in its own
/// transaction (so the notice arrives once it is committed); this keeps a connection of its
/// own that listens, and gives the loop that connection's socket: idle, nothing wakes. Anyone
/// may notify the channel, so a notice only makes this connection read the change feed's
/// generation, and is news of a change once that moved (`PostgresChangeFeed`; notices that come
/// together are one read). The connection breaking (the server stopped) is news that the store
/// went away, so the front drops its connections and reads again, showing the failure. A broken
/// connection is made again in the background — without blocking, so keys keep working — as
/// `RetryPause` schedules: after 0.25 s, then 0.5, 1 and every 2 s; once listening again (and
/// the generation read) it tells the loop the store is back (the front may have missed
/// changes). TCP keepalives notice a server that vanished without a word.
package final class PostgresListener: WakeSource {
    private enum Listener {
        /// Listening on this connection, which knows the generation it read last.
        case listening(PostgresConnection, PostgresChangeFeed.Watch)
        /// Connecting without blocking; libpq waits for the socket to be readable or writable.
        case connecting(OpaquePointer, forWriting: Bool, giveUpAt: Int)
        /// Not connected; the next attempt is due then (monotonic milliseconds, nil: never).
        case away(retryAt: Int?)
    }

    private let pq: LibPQ?
    private let parameters: ConnectionParameters
    private var listener: Listener
    /// The pause before the next attempt to connect again (Core's one schedule for retries).
    private var pause = RetryPause()

    /// Listens on the database `location` names as `user` (the OS user @ host), connecting at
    /// once (before the front's first read, so no change falls between the two). A server that is
    /// away now is tried again later.
    package init(_ location: String, user: String) {
        let target = ConnectionString(location)
        let client = PostgresClient(user: user, waiting: .keepalive)
        parameters = ConnectionParameters(target, client: client)
        pq = try? LibPQ.shared.get()
        listener = .away(retryAt: nil)
        guard let pq else { return }
        do {
            listener = try PostgresListener.listen(on: PostgresConnection(target, pq: pq, client: client))
        } catch {
            retryLater()
        }
    }

    deinit {
        if case .connecting(let handle, _, _) = listener { pq?.finish(handle) }
    }

    package func interest(now: Int) -> WakeInterest {
        switch listener {
        case .listening(let connection, _): WakeInterest([(socket(connection.handle), .readable)])
        case .connecting(let handle, let forWriting, let giveUpAt):
            WakeInterest([(socket(handle), forWriting ? .writable : .readable)], askAgainAt: giveUpAt)
        case .away(let retryAt): WakeInterest([], askAgainAt: retryAt)
        }
    }

    package func handle(_ ready: Readiness, now: Int) -> WakeNews {
        switch listener {
        case .listening(let connection, let watch):
            return ready.isReady(socket(connection.handle)) ? receive(connection, watch) : .nothing
        case .connecting(let handle, _, let giveUpAt):
            if ready.isReady(socket(handle)) { return advance(handle, giveUpAt: giveUpAt) }
            if giveUpAt <= now {
                pq!.finish(handle)
                retryLater()
            }
            return .nothing
        case .away(let retryAt?) where retryAt <= now:
            startConnecting()
            return .nothing
        case .away:
            return .nothing
        }
    }

    private func socket(_ handle: OpaquePointer) -> FileDescriptor {
        FileDescriptor(rawValue: pq!.socket(handle))
    }

    /// Reads what the server sent: notices ask for the generation, which is news of a change
    /// once it moved; a broken connection is news that the store went away (it is made again later).
    private func receive(_ connection: PostgresConnection, _ watch: PostgresChangeFeed.Watch) -> WakeNews {
        var watch = watch
        do throws(PostgresError) {
            guard pq!.consumeInput(connection.handle) == 1, pq!.status(connection.handle) == CONNECTION_OK else {
                throw connection.failure(nil)
            }
            let news = try watch.take(connection)
            listener = .listening(connection, watch)
            return news
        } catch {
            pause = RetryPause()
            retryLater()
            return .replaced
        }
    }

    /// Starts connecting without blocking (name resolution aside, which libpq does at once).
    private func startConnecting() {
        let handle = parameters.withKeywordsAndValues { keywords, values in pq!.connectStartParams(keywords, values, 1) }
        guard let handle, pq!.status(handle) != CONNECTION_BAD else {
            if let handle { pq!.finish(handle) }
            return retryLater()
        }
        let budget = (parameters.connectBudgetSeconds(pq!) ?? PostgresConnection.defaultConnectTimeout) * 1000
        listener = .connecting(handle, forWriting: true, giveUpAt: MonotonicClock.milliseconds() + budget)
    }

    /// Takes the connection one step further; once made, listens, and the store is back.
    private func advance(_ handle: OpaquePointer, giveUpAt: Int) -> WakeNews {
        switch pq!.connectPoll(handle) {
        case PGRES_POLLING_OK:
            do {
                let connection = try PostgresConnection(established: handle, target: parameters.target, pq: pq!)
                listener = try PostgresListener.listen(on: connection)
                pause = RetryPause()
                return .replaced
            } catch {
                retryLater()
            }
        case PGRES_POLLING_READING: listener = .connecting(handle, forWriting: false, giveUpAt: giveUpAt)
        case PGRES_POLLING_WRITING: listener = .connecting(handle, forWriting: true, giveUpAt: giveUpAt)
        default:
            pq!.finish(handle)
            retryLater()
        }
        return .nothing
    }

    /// Schedules the next attempt, each pause twice the last up to the longest.
    private func retryLater() {
        listener = .away(retryAt: MonotonicClock.milliseconds() + pause.milliseconds)
        pause.lengthen()
    }

    /// Listens on the connection, then reads the generation (before the front reads again).
    private static func listen(on connection: PostgresConnection) throws(PostgresError) -> Listener {
        try connection.execute("LISTEN \(PostgresChangeFeed.channel)")
        return .listening(connection, try PostgresChangeFeed.Watch(connection))
    }
}

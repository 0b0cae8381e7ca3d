import CLibPQ
import Glibc
import LoansCore
import LoansSystem
import LoansWake

/// The live-agenda port on a PostgreSQL server. Every write notifies `loans` in its own
/// transaction (so the notice arrives once it is committed); this watcher keeps a connection of
/// its own that listens, and sleeps in one `poll(2)` on that connection's socket, the front's
/// input and output, and a timer for the next local midnight (which also fires when the clock is
/// set): idle, it never wakes. A notice, a new day, or the connection breaking (the server
/// stopped: the front reads again and shows the failure) wakes the front. A broken connection is
/// made again in the background — without blocking, so keys keep working — after 0.25 s, then
/// 0.5, 1 and every 2 s; once listening again it wakes the front, which may have missed changes.
/// TCP keepalives notice a server that vanished without a word.
package final class PostgresAgendaChanges: AgendaChanges {
    /// The channel writes notify and watchers listen on.
    static let channel = "loans"
    /// The first and the longest pause between attempts to connect again.
    static let retryMilliseconds = (first: 250, longest: 2000)
    /// How often the day is looked at when the kernel refused a timer descriptor.
    static let dayFallbackMilliseconds = 60_000

    private enum Listener {
        /// Listening on this connection.
        case listening(PostgresConnection)
        /// Connecting without blocking; libpq waits for the socket to be readable or writable.
        case connecting(OpaquePointer, forWriting: Bool, giveUpAt: Int)
        /// Not connected; the next attempt is due then (monotonic milliseconds, nil: never).
        case away(retryAt: Int?)
    }

    private let pq: LibPQ?
    private let parameters: ConnectionParameters
    private let today: Today
    private let timer = MidnightTimer()
    private var listener: Listener
    private var day: CivilDate
    private var pause = PostgresAgendaChanges.retryMilliseconds.first
    /// Whether a wake-up is owed to the front.
    private var owed = false

    /// Listens on the database `location` names as `user` (the OS user @ host), connecting at
    /// once (before the front's first read, so no change falls between the two). A server that is
    /// away now is tried again later.
    package init(_ location: String, user: String, today: Today) {
        let target = ConnectionString(location)
        let client = PostgresClient(user: user, waiting: .keepalive)
        parameters = ConnectionParameters(target, client: client)
        self.today = today
        day = today.now().today
        pq = try? LibPQ.shared.get()
        listener = .away(retryAt: nil)
        guard let pq else { return }
        do {
            listener = .listening(try PostgresAgendaChanges.listen(on: PostgresConnection(target, pq: pq, client: client)))
        } catch {
            listener = .away(retryAt: MonotonicClock.milliseconds() + pause)
        }
    }

    deinit {
        if case .connecting(let handle, _, _) = listener { pq?.finish(handle) }
    }

    package func next(input: Int32?, output: Int32?, timeoutMilliseconds: Int?) -> AgendaWake {
        let deadline = timeoutMilliseconds.map { MonotonicClock.milliseconds() + $0 }
        while true {
            if owed {
                owed = false
                return .answerMayHaveChanged
            }
            let now = MonotonicClock.milliseconds()
            if let deadline, deadline <= now { return .timeout }
            if case .away(let retryAt?) = listener, retryAt <= now {
                startConnecting()
                continue
            }
            var limits = [deadline]
            var server: (socket: Int32, events: Int32)?
            switch listener {
            case .listening(let connection): server = (pq!.socket(connection.handle), POLLIN)
            case .connecting(let handle, let forWriting, let giveUpAt):
                server = (pq!.socket(handle), forWriting ? POLLOUT : POLLIN)
                limits.append(giveUpAt)
            case .away(let retryAt): limits.append(retryAt)
            }
            if timer.descriptor < 0 { limits.append(now + PostgresAgendaChanges.dayFallbackMilliseconds) }
            var descriptors: [pollfd] = []
            for (descriptor, events) in [(input, POLLIN), (output, 0), (timer.descriptor, POLLIN), (server?.socket, server?.events ?? 0)] {
                if let descriptor, descriptor >= 0 { descriptors.append(pollfd(fd: descriptor, events: Int16(events), revents: 0)) }
            }
            let wait = limits.compactMap { $0 }.min().map { Int32(clamping: max(0, $0 - now)) } ?? -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
            if ready < 0 {
                if errno == EINTR, input != nil { return .input }
                continue
            }
            func isReady(_ descriptor: Int32?) -> Bool {
                descriptor.map { descriptor in descriptors.contains { $0.fd == descriptor && $0.revents != 0 } } ?? false
            }
            if let output, isReady(output) { return .outputClosed }
            if let input, isReady(input) { return .input }
            if isReady(timer.descriptor) { timer.acknowledge() }
            if timer.descriptor < 0 || isReady(timer.descriptor) { lookAtTheDay() }
            switch listener {
            case .listening(let connection) where isReady(server?.socket): receive(connection)
            case .connecting(let handle, _, let giveUpAt):
                if isReady(server?.socket) {
                    advance(handle, giveUpAt: giveUpAt)
                } else if giveUpAt <= MonotonicClock.milliseconds() {
                    pq!.finish(handle)
                    retryLater()
                }
            default: break
            }
        }
    }

    /// Reads what the server sent: notices wake the front; a broken connection too (it will read
    /// and show the failure), and is made again later.
    private func receive(_ connection: PostgresConnection) {
        guard pq!.consumeInput(connection.handle) == 1, pq!.status(connection.handle) == CONNECTION_OK else {
            owed = true
            pause = PostgresAgendaChanges.retryMilliseconds.first
            listener = .away(retryAt: MonotonicClock.milliseconds() + pause)
            return
        }
        while let notice = pq!.notifies(connection.handle) {
            pq!.freemem(notice)
            owed = true
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

    /// Takes the connection one step further; once made, listens and wakes the front.
    private func advance(_ handle: OpaquePointer, giveUpAt: Int) {
        switch pq!.connectPoll(handle) {
        case PGRES_POLLING_OK:
            do {
                let connection = try PostgresConnection(established: handle, target: parameters.target, pq: pq!)
                listener = .listening(try PostgresAgendaChanges.listen(on: connection))
                pause = PostgresAgendaChanges.retryMilliseconds.first
                owed = true
            } catch {
                retryLater()
            }
        case PGRES_POLLING_READING: listener = .connecting(handle, forWriting: false, giveUpAt: giveUpAt)
        case PGRES_POLLING_WRITING: listener = .connecting(handle, forWriting: true, giveUpAt: giveUpAt)
        default:
            pq!.finish(handle)
            retryLater()
        }
    }

    /// Schedules the next attempt, each pause twice the last up to the longest.
    private func retryLater() {
        listener = .away(retryAt: MonotonicClock.milliseconds() + pause)
        pause = min(pause * 2, PostgresAgendaChanges.retryMilliseconds.longest)
    }

    /// Wakes the front when the civil day is no longer the one it last saw.
    private func lookAtTheDay() {
        let current = today.now().today
        guard current != day else { return }
        day = current
        owed = true
    }

    private static func listen(on connection: PostgresConnection) throws(PostgresError) -> PostgresConnection {
        try connection.execute("LISTEN \(channel)")
        return connection
    }
}

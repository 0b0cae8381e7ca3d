import CMicroHTTPD
import Glibc
import LoansSystem
import Synchronization

/// The state every worker shares, handed to the library's callbacks as their context: the handler
/// and the log sink, the open connections (the library's own limit cannot answer `503`, so the
/// server counts them), the requests in flight (what a stop waits for), the open streams and
/// their hang-up watch, the answers handlers will give later, and whether the server is stopping.
final class ServerCore: Sendable {
    let library: LibMicroHTTPD
    let handler: HTTPHandler
    let log: @Sendable (HTTPRequestLog) -> Void
    let isTLS: Bool
    /// Whether a peer on this machine is a reverse proxy whose forwarded fields are believed.
    let trustsProxy: Bool
    /// Header fields every answer carries unless it has its own of the same name.
    let commonHeaders: [HTTPField]
    let streams: OpenStreams
    let hangups: StreamHangups
    /// The deferred answers awaited now.
    let waiting = WaitingAnswers()
    private let state = Mutex(State())

    /// The counts, the workers' nudges and the library's message while starting.
    private struct State {
        var connections = 0
        var requests = 0
        var stopping = false
        /// By the address of the daemon each wakes.
        var nudges: [Int: Nudge] = [:]
        var starting = true
        var message: String?
    }

    init(
        library: LibMicroHTTPD, port: UInt16, isTLS: Bool, trustsProxy: Bool, commonHeaders: [HTTPField], log: @escaping @Sendable (HTTPRequestLog) -> Void,
        handler: @escaping HTTPHandler
    ) throws(HTTPServerError) {
        let streams = OpenStreams()
        guard let hangups = StreamHangups(streams, port: port) else {
            throw .library("cannot start the thread that watches open streams: \(String(cString: strerror(errno)))")
        }
        self.streams = streams
        self.hangups = hangups
        self.library = library
        self.isTLS = isTLS
        self.trustsProxy = trustsProxy
        self.commonHeaders = commonHeaders
        self.log = log
        self.handler = handler
    }

    // MARK: connections and requests

    func connectionOpened() { state.withLock { $0.connections += 1 } }
    func connectionClosed() { state.withLock { $0.connections -= 1 } }
    var openConnections: Int { state.withLock { $0.connections } }

    func requestBegan() { state.withLock { $0.requests += 1 } }
    func requestEnded() { state.withLock { $0.requests -= 1 } }
    var requestsInFlight: Int { state.withLock { $0.requests } }

    /// Once set, new requests are answered `503` and every answer closes its connection.
    var isStopping: Bool { state.withLock { $0.stopping } }
    func beginStopping() { state.withLock { $0.stopping = true } }

    // MARK: workers

    /// Records which nudge wakes the worker that runs `daemon` (before the worker starts).
    func add(_ daemon: OpaquePointer, woken nudge: Nudge) {
        state.withLock { $0.nudges[Int(bitPattern: daemon)] = nudge }
    }

    /// The nudge of the worker that runs this connection.
    func worker(of connection: OpaquePointer) -> Nudge? {
        guard let daemon = loans_mhd_connection_info(library.connectionInfo, connection, .CONNECTION_INFO_DAEMON)?.pointee.daemon else { return nil }
        return state.withLock { $0.nudges[Int(bitPattern: daemon)] }
    }

    // MARK: the library's messages

    /// A message the library logged; kept only while the daemons start, to say why one did not.
    func libraryLogged(_ text: String) {
        state.withLock { if $0.starting { $0.message = text } }
    }

    /// The last message the library logged while starting; later messages are dropped (they
    /// would be a client's failed TLS handshake or a reset connection: noise, not news).
    func finishStarting() -> String? {
        state.withLock { state in
            state.starting = false
            return state.message
        }
    }
}

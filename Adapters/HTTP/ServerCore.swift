import CMicroHTTPD
import Glibc

/// The state every worker shares, handed to the library's callbacks as their context: the handler
/// and the log sink, the open connections (the library's own limit cannot answer `503`, so the
/// server counts them), the requests in flight (what a stop waits for), the open streams and
/// their hang-up watch, the answers handlers will give later, and whether the server is stopping.
final class ServerCore: @unchecked Sendable {  // the counts and the streams are guarded by `lock`
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
    private let lock = Lock()
    private var connections = 0
    private var requests = 0
    private var stopping = false
    private var doorbells: [OpaquePointer: Doorbell] = [:]
    private var starting = true
    private var message: String?

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

    func connectionOpened() { lock.locked { connections += 1 } }
    func connectionClosed() { lock.locked { connections -= 1 } }
    var openConnections: Int { lock.locked { connections } }

    func requestBegan() { lock.locked { requests += 1 } }
    func requestEnded() { lock.locked { requests -= 1 } }
    var requestsInFlight: Int { lock.locked { requests } }

    /// Once set, new requests are answered `503` and every answer closes its connection.
    var isStopping: Bool { lock.locked { stopping } }
    func beginStopping() { lock.locked { stopping = true } }

    // MARK: workers

    /// Records which doorbell wakes the worker that runs `daemon` (before the worker starts).
    func add(_ daemon: OpaquePointer, woken doorbell: Doorbell) {
        lock.locked { doorbells[daemon] = doorbell }
    }

    /// The doorbell of the worker that runs this connection.
    func worker(of connection: OpaquePointer) -> Doorbell? {
        guard let daemon = loans_mhd_connection_info(library.connectionInfo, connection, .CONNECTION_INFO_DAEMON)?.pointee.daemon else { return nil }
        return lock.locked { doorbells[daemon] }
    }

    // MARK: the library's messages

    /// A message the library logged; kept only while the daemons start, to say why one did not.
    func libraryLogged(_ text: String) {
        lock.locked { if starting { message = text } }
    }

    /// The last message the library logged while starting; later messages are dropped (they
    /// would be a client's failed TLS handshake or a reset connection: noise, not news).
    func finishStarting() -> String? {
        lock.locked {
            starting = false
            return message
        }
    }
}

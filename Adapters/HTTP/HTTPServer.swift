import CMicroHTTPD
import Glibc
import LoansSystem
import Synchronization

/// What answers every request: called on one of the server's worker threads once the request
/// has arrived whole, it must return in bounded time (a stop waits for it); an answer that takes
/// long (a password's check) is given later instead, from another thread (`HTTPAnswer.later`).
package typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPAnswer

/// An HTTP server on libmicrohttpd: listens on an address (with the library's TLS when an identity
/// is given), serves requests on a fixed number of worker threads, hands each to the handler as a
/// plain value and sends its answer, enforces the limits of `HTTPLimits`, writes one log line per
/// request to the sink, and stops gracefully. The library is loaded on the first start.
package final class HTTPServer: Sendable {
    /// The worker threads that suit a 2-core machine (bench/http measured 1, 2 and 4).
    package static let defaultThreads = 2

    /// Whether this program can serve TLS itself: not when it is linked statically (GnuTLS, which
    /// the library uses, cannot run in a program that loads it into a static binary).
    package static var canServeTLS: Bool { loans_is_statically_linked() == 0 }

    /// Where it listens, with the port the kernel chose when port 0 was asked.
    package let address: HTTPListenAddress
    private let core: ServerCore
    private let workers: [HTTPWorker]
    private let listener: Int32
    private let stopped = Mutex(false)

    /// Starts serving: by the time this returns, connections are accepted. `commonHeaders` go
    /// on every answer that has no field of the same name — the server's own refusals (`400`,
    /// `413`, `414`, `431`, `503`) included, which no handler sees. Every request's line goes to `log`.
    /// With `trustsProxy`, a request from this machine is taken to come from the address and
    /// over the scheme its reverse proxy forwarded (`ProxyForwarding`); from elsewhere, or
    /// without it, the forwarded fields are only header fields like any other.
    package init(
        listen: HTTPListenAddress, tls: HTTPTLSIdentity? = nil, threads: Int = HTTPServer.defaultThreads, trustsProxy: Bool = false,
        commonHeaders: [HTTPField] = [], log: @escaping @Sendable (HTTPRequestLog) -> Void, handler: @escaping HTTPHandler
    ) throws(HTTPServerError) {
        let library = try LibMicroHTTPD.shared.get()
        if tls != nil, !library.hasTLS { throw .library("this libmicrohttpd was built without TLS; install Debian's libmicrohttpd12") }
        if tls != nil, loans_is_statically_linked() != 0 {
            throw .library(
                "this loans is statically linked, and the TLS library libmicrohttpd uses (GnuTLS) cannot run in a statically linked program; serve HTTPS through a reverse proxy in front of loans"
            )
        }
        let (listener, bound) = try ListenSocket.open(listen)
        let core: ServerCore
        do {
            core = try ServerCore(library: library, port: bound.port, isTLS: tls != nil, trustsProxy: trustsProxy, commonHeaders: commonHeaders, log: log, handler: handler)
        } catch {
            close(listener)
            throw error
        }
        var started: [HTTPWorker] = []
        do {
            for _ in 0..<max(1, threads) {
                started.append(try HTTPServer.startWorker(core, listener: listener, port: bound.port, tls: tls, threads: max(1, threads)))
            }
        } catch {
            HTTPServer.shutDown(started, core)
            close(listener)
            core.hangups.stop()
            throw error
        }
        tls?.key.wipe()
        _ = core.finishStarting()
        (self.core, self.listener, self.address, self.workers) = (core, listener, bound, started)
    }

    deinit {
        stop(grace: 0)
    }

    /// Open connections right now (suspended streams included).
    package var openConnections: Int { core.openConnections }

    /// Stops gracefully (for SIGTERM and SIGINT): accepts no more connections (a new one is
    /// refused), ends every open stream, lets the requests in flight finish for up to `grace`
    /// seconds (answering each with `Connection: close`; a request arriving on an open connection
    /// meanwhile is `503`), then closes every connection and ends the threads. A handler still
    /// running is waited for, so a handler must never call it. Calling it again does nothing.
    package func stop(grace: Double = HTTPLimits.drainSeconds) {
        guard stopped.withLock({ stopped in defer { stopped = true }; return !stopped }) else { return }
        let deadline = HTTPServer.now() + grace
        core.beginStopping()
        workers.forEach { $0.askToQuiesce() }
        while !workers.allSatisfy(\.hasQuiesced) { usleep(1000) }
        close(listener)  // only now: a daemon that still listened would use a closed descriptor
        core.streams.endAll()
        while (core.requestsInFlight > 0 || core.streams.count > 0) && HTTPServer.now() < deadline { usleep(5000) }
        HTTPServer.shutDown(workers, core)
        core.hangups.stop()
    }

    /// Quiesces the workers' daemons, ends their threads, answers what handlers still owe (`503`:
    /// no handler runs any more, and the library must not stop with a connection suspended), then
    /// stops the daemons (closing every connection they still have).
    private static func shutDown(_ workers: [HTTPWorker], _ core: ServerCore) {
        workers.forEach { $0.askToQuiesce() }
        while !workers.allSatisfy(\.hasQuiesced) { usleep(1000) }
        workers.forEach { $0.end() }
        core.waiting.answerAll(.text(503, "The server is stopping."))
        workers.forEach { $0.stopDaemon() }
    }

    /// Starts one daemon on the shared socket and its thread.
    private static func startWorker(_ core: ServerCore, listener: Int32, port: UInt16, tls: HTTPTLSIdentity?, threads: Int) throws(HTTPServerError) -> HTTPWorker {
        let library = core.library
        let context = Unmanaged.passUnretained(core).toOpaque()
        let perDaemon = (HTTPLimits.connections + HTTPLimits.overflowConnections + threads - 1) / threads
        var options = [
            MHD_OptionItem(option: .EXTERNAL_LOGGER, value: unsafeBitCast(LibraryCallbacks.logged, to: Int.self), ptr_value: context),
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(listener), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: perDaemon, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: Int(HTTPLimits.idleSeconds), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: HTTPLimits.connectionMemory, ptr_value: nil),
            // The library's own strict checks answer without the common fields (and a missing Host
            // twice): the server makes them itself (`RequestFraming`).
            MHD_OptionItem(option: .STRICT_FOR_CLIENT, value: 0, ptr_value: nil),
            MHD_OptionItem(option: .URI_LOG_CALLBACK, value: unsafeBitCast(LibraryCallbacks.requestArrived, to: Int.self), ptr_value: nil),
            MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(LibraryCallbacks.completed, to: Int.self), ptr_value: context),
            MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(LibraryCallbacks.connection, to: Int.self), ptr_value: context),
        ]
        var flags = MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
        if let tls {
            flags |= MHD_USE_TLS.rawValue
            options += [
                MHD_OptionItem(option: .HTTPS_MEM_CERT, value: 0, ptr_value: tls.certificate.pointer),
                MHD_OptionItem(option: .HTTPS_MEM_KEY, value: 0, ptr_value: tls.key.pointer),
                MHD_OptionItem(option: .HTTPS_PRIORITIES, value: 0, ptr_value: HTTPServer.tlsPriorities),
            ]
        }
        options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
        let nudge: Nudge
        do {
            nudge = try Nudge()
        } catch {
            throw .library("cannot make an eventfd: \(error)")
        }
        let daemon = options.withUnsafeBufferPointer {
            loans_mhd_start(library.startDaemon, UInt32(flags), LibraryCallbacks.access, context, $0.baseAddress)
        }
        guard let daemon else {
            let why = core.finishStarting() ?? "it gave no reason"
            if tls != nil { throw .tls("the TLS certificate or key cannot be used: \(why)") }
            throw .library("libmicrohttpd did not start: \(why)")
        }
        core.add(daemon, woken: nudge)
        let worker = HTTPWorker(daemon: daemon, library: library, nudge: nudge)
        guard worker.start(port: port) else {
            worker.stopDaemon()
            throw .library("cannot start a server thread: \(String(cString: strerror(errno)))")
        }
        return worker
    }

    /// GnuTLS's choice of protocols and ciphers: its defaults, TLS 1.2 and 1.3 only.
    nonisolated(unsafe) private static let tlsPriorities = UnsafeMutableRawPointer(strdup("NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"))

    private static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

import CMicroHTTPD
import Glibc
import LoansSystem
import Synchronization

/// One of the server's fixed threads and the libmicrohttpd daemon it runs. Every daemon shares
/// the one listening socket (the kernel hands each new connection to whichever worker accepts it
/// first) and keeps its connections to itself, so every call into a daemon happens on its own
/// thread — apart from resuming a suspended stream, which the library allows from anywhere. The
/// thread sleeps in poll(2) on the daemon's epoll descriptor, for no longer than the library's
/// next timeout (none while no connection can time out: an idle server, or one whose only
/// connections are suspended streams, never wakes), and on a nudge the server gives to ask it
/// to stop accepting or to end.
final class HTTPWorker: @unchecked Sendable {  // `thread` is set once by `start`, before anyone ends it
    let daemon: OpaquePointer
    private let library: LibMicroHTTPD
    private let nudge: Nudge
    private let asked = Mutex(Asked())
    private var thread: SystemThread?

    /// What the server asked of the worker, and what it did.
    private struct Asked {
        var quiesce = false
        var quiesced = false
        var exit = false
    }

    init(daemon: OpaquePointer, library: LibMicroHTTPD, nudge: Nudge) {
        self.daemon = daemon
        self.library = library
        self.nudge = nudge
    }

    /// Starts the thread, named `http:PORT`; false if the system gave none.
    func start(port: UInt16) -> Bool {
        thread = SystemThread(named: "http:\(port)") { [self] in loop() }
        return thread != nil
    }

    /// Asks the daemon to stop accepting connections (it keeps serving the ones it has).
    func askToQuiesce() {
        asked.withLock { $0.quiesce = true }
        nudge.nudge()
    }

    /// True once the daemon no longer accepts.
    var hasQuiesced: Bool { asked.withLock { $0.quiesced } }

    /// Ends the thread and waits for it: a handler still running is let finish.
    func end() {
        asked.withLock { $0.exit = true }
        nudge.nudge()
        thread?.join()
    }

    /// Stops the daemon, closing what connections it still has; only once the thread has ended
    /// (or never started) and the daemon has quiesced, so the shared socket stays open.
    func stopDaemon() {
        if !hasQuiesced { _ = library.quiesceDaemon(daemon) }
        library.stopDaemon(daemon)
    }

    private func loop() {
        let events = loans_mhd_daemon_info(library.daemonInfo, daemon, .DAEMON_INFO_EPOLL_FD).pointee.epoll_fd
        while true {
            var timeout: UInt64 = 0
            let bounded = library.timeout(daemon, &timeout) == .YES
            var watched = [pollfd(fd: events, events: Int16(POLLIN), revents: 0), pollfd(fd: nudge.descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
            _ = poll(&watched, 2, bounded ? Int32(min(timeout, UInt64(Int32.max))) : -1)
            if watched[1].revents != 0 {
                nudge.take()
                let (quiesce, exit) = asked.withLock { ($0.quiesce && !$0.quiesced, $0.exit) }
                if quiesce {
                    _ = library.quiesceDaemon(daemon)
                    asked.withLock { $0.quiesced = true }
                }
                if exit { return }
            }
            let before = connections()
            _ = library.run(daemon)
            // A daemon that was full took its listening socket out of its epoll set; it puts it
            // back only when a run starts, so a run that freed a slot is followed by another:
            // else connections waiting in the kernel's queue would wait for an unrelated event.
            if connections() < before { _ = library.run(daemon) }
        }
    }

    /// The daemon's open connections (asked on its own thread, as the library requires).
    private func connections() -> UInt32 {
        loans_mhd_daemon_info(library.daemonInfo, daemon, .DAEMON_INFO_CURRENT_CONNECTIONS)?.pointee.num_connections ?? 0
    }
}

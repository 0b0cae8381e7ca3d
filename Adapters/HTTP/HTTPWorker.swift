import CMicroHTTPD
import Glibc

/// One of the server's fixed threads and the libmicrohttpd daemon it runs. Every daemon shares
/// the one listening socket (the kernel hands each new connection to whichever worker accepts it
/// first) and keeps its connections to itself, so every call into a daemon happens on its own
/// thread — apart from resuming a suspended stream, which the library allows from anywhere. The
/// thread sleeps in poll(2) on the daemon's epoll descriptor, for no longer than the library's
/// next timeout (none while no connection can time out: an idle server, or one whose only
/// connections are suspended streams, never wakes), and on a doorbell the server rings to ask it
/// to stop accepting or to end.
final class HTTPWorker: @unchecked Sendable {  // the asked/done flags are guarded by `lock`
    let daemon: OpaquePointer
    private let library: LibMicroHTTPD
    private let doorbell: Doorbell
    private let lock = Lock()
    private var quiesceAsked = false
    private var quiesced = false
    private var exitAsked = false
    private var thread: SystemThread?

    init(daemon: OpaquePointer, library: LibMicroHTTPD, doorbell: Doorbell) {
        self.daemon = daemon
        self.library = library
        self.doorbell = doorbell
    }

    /// Starts the thread, named `http:PORT`; false if the system gave none.
    func start(port: UInt16) -> Bool {
        thread = SystemThread(named: "http:\(port)") { [self] in loop() }
        return thread != nil
    }

    /// Asks the daemon to stop accepting connections (it keeps serving the ones it has).
    func askToQuiesce() {
        lock.locked { quiesceAsked = true }
        doorbell.ring()
    }

    /// True once the daemon no longer accepts.
    var hasQuiesced: Bool { lock.locked { quiesced } }

    /// Ends the thread and waits for it: a handler still running is let finish.
    func end() {
        lock.locked { exitAsked = true }
        doorbell.ring()
        thread?.join()
    }

    /// Stops the daemon, closing what connections it still has; only once the thread has ended
    /// (or never started) and the daemon has quiesced, so the shared socket stays open.
    func stopDaemon() {
        if !lock.locked({ quiesced }) { _ = library.quiesceDaemon(daemon) }
        library.stopDaemon(daemon)
        doorbell.close()
    }

    private func loop() {
        let events = loans_mhd_daemon_info(library.daemonInfo, daemon, .DAEMON_INFO_EPOLL_FD).pointee.epoll_fd
        while true {
            var timeout: UInt64 = 0
            let bounded = library.timeout(daemon, &timeout) == .YES
            var watched = [pollfd(fd: events, events: Int16(POLLIN), revents: 0), pollfd(fd: doorbell.descriptor, events: Int16(POLLIN), revents: 0)]
            _ = poll(&watched, 2, bounded ? Int32(min(timeout, UInt64(Int32.max))) : -1)
            if watched[1].revents != 0 {
                doorbell.answer()
                let (quiesce, exit) = lock.locked { (quiesceAsked && !quiesced, exitAsked) }
                if quiesce {
                    _ = library.quiesceDaemon(daemon)
                    lock.locked { quiesced = true }
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

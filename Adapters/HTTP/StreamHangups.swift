import CMicroHTTPD
import Glibc
import LoansSystem

/// Watches the sockets of open streams for the client hanging up. A suspended connection is out
/// of the library's sight, so without this a page closed while nothing happened would keep its
/// connection (and its slot among the 256) until the next event. One thread waits in epoll_wait
/// without a timeout for the hang-up alone (`EPOLLRDHUP`, edge-triggered; data a client sends does
/// not wake it), so an idle stream costs no wake-up; the kernel forgets a socket by itself when
/// the library closes it.
final class StreamHangups: @unchecked Sendable {  // descriptors, and a thread that only reads them
    private let events: Int32
    private let nudge: Nudge
    private var thread: SystemThread?

    /// The id the stopping nudge is registered under (stream ids start at 1).
    private static let stopID: UInt64 = 0

    /// Starts the watching thread, named `http:PORT hup`.
    init?(_ streams: OpenStreams, port: UInt16) {
        guard let nudge = try? Nudge() else { return nil }
        self.nudge = nudge
        events = epoll_create1(Int32(EPOLL_CLOEXEC))
        var stopping = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(u64: StreamHangups.stopID))
        guard events >= 0, epoll_ctl(events, EPOLL_CTL_ADD, nudge.descriptor.rawValue, &stopping) == 0 else {
            if events >= 0 { close(events) }
            return nil
        }
        let (events, stopID) = (events, StreamHangups.stopID)
        thread = SystemThread(named: "http:\(port) hup") { [streams] in
            var ready = [epoll_event](repeating: epoll_event(), count: 16)
            while true {
                let count = epoll_wait(events, &ready, Int32(ready.count), -1)
                for event in ready.prefix(max(0, Int(count))) {
                    if event.data.u64 == stopID { return }
                    streams[event.data.u64]?.hangUp()
                }
            }
        }
        guard thread != nil else {
            close(events)
            return nil
        }
    }

    /// Starts watching the socket of the stream `id`.
    func watch(_ socket: Int32, stream id: UInt64) {
        var hangup = epoll_event(events: EPOLLRDHUP.rawValue | EPOLLET.rawValue, data: epoll_data_t(u64: id))
        _ = epoll_ctl(events, EPOLL_CTL_ADD, socket, &hangup)
    }

    /// Ends the thread.
    func stop() {
        nudge.nudge()
        thread?.join()
        close(events)
    }
}

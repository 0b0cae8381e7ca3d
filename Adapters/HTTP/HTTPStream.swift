import CMicroHTTPD
import Glibc

/// A body written over time (Server-Sent Events): the handler answers `.stream(stream)`, and
/// anyone holding the stream sends to it from any thread until it is finished. While it has
/// nothing to send, its connection is suspended in the library — no thread waits and nothing
/// wakes for it — and a `send` resumes it. A client that goes away ends it (the server watches
/// each stream's socket for the hang-up, so an idle stream's departure is seen at once), and so
/// does a stop of the server.
package final class HTTPStream: @unchecked Sendable {  // every field is guarded by `lock`
    /// What may wait in memory for a client that reads slowly; past it the stream is cut (an
    /// `EventSource` reconnects by itself).
    static let backlogBytes = 1 << 20

    private let lock = Lock()
    private var pending: [UInt8] = []
    private var sent = 0
    private var ending = Ending.none
    /// Set by the reader when it suspended the connection; whoever clears it resumes it.
    private var suspended = false
    private var connection: (library: LibMicroHTTPD, handle: OpaquePointer, worker: Doorbell)?
    private var released = false
    private var onRelease: (@Sendable () -> Void)?
    /// While a writer waits for room (`waitForRoom`): how many queued bytes it waits to fall to.
    private var roomWanted: Int?
    /// What wakes that writer: posted once the queue fell to `roomWanted` or the stream ended.
    private let room = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    private enum Ending { case none, finished, failed }

    package init() {
        sem_init(room, 0, 0)
    }

    deinit {
        sem_destroy(room)
        room.deallocate()
    }

    /// Queues `bytes` and wakes the connection; false once the stream has ended (the client went
    /// away, the server stopped, it was finished) or when the client has fallen too far behind.
    @discardableResult
    package func send(_ bytes: some Collection<UInt8>) -> Bool {
        lock.locked {
            guard ending == .none, !released else { return false }
            if pending.count - sent + bytes.count > HTTPStream.backlogBytes {
                ending = .failed
                wake()
                return false
            }
            if sent == pending.count { (pending, sent) = ([], 0) }
            pending.append(contentsOf: bytes)
            wake()
            return true
        }
    }

    /// Sends one event.
    @discardableResult
    package func send(_ event: ServerSentEvent) -> Bool {
        send(event.bytes)
    }

    /// Ends the stream once what is queued has been sent.
    package func finish() {
        lock.locked {
            if ending == .none { ending = .finished }
            wake()
        }
    }

    /// Blocks until at most `limit` bytes wait for the client, or the stream has ended: a writer
    /// of a long body calls it before each chunk, so a slow client holds the writer back instead
    /// of filling memory — asleep, woken by the client's reads. One writer at a time.
    package func waitForRoom(queuedAtMost limit: Int) {
        while lock.locked({ () -> Bool in
            guard ending == .none, !released, pending.count - sent > limit else { return false }
            roomWanted = limit
            return true
        }) {
            sem_wait(room)
        }
    }

    /// False once the stream has ended or its connection is gone.
    package var isOpen: Bool {
        lock.locked { ending == .none && !released }
    }

    // MARK: the server's side

    /// Ties the stream to the connection it answers, run by the worker that `worker` wakes;
    /// false if it already answers another. `onRelease` runs once the library is done with the
    /// connection.
    func attach(to handle: OpaquePointer, _ library: LibMicroHTTPD, worker: Doorbell, onRelease: @escaping @Sendable () -> Void) -> Bool {
        lock.locked {
            guard connection == nil, !released else { return false }
            connection = (library, handle, worker)
            self.onRelease = onRelease
            return true
        }
    }

    /// The library asks for the next bytes (on the connection's worker thread): copies what is
    /// queued, ends, or suspends the connection until there is more.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        lock.locked {
            if ending == .failed { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
            let available = pending.count - sent
            if available > 0 {
                let count = min(available, capacity)
                pending.withUnsafeBytes { source in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + sent, byteCount: count)
                }
                sent += count
                wakeWriter()
                return count
            }
            if ending == .finished { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
            guard let connection else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
            suspended = true
            connection.library.suspendConnection(connection.handle)
            return 0
        }
    }

    /// The client hung up: end at once, whatever is queued.
    func hangUp() {
        lock.locked {
            if ending == .none { ending = .failed }
            wake()
        }
    }

    /// The library is done with the connection: nothing can be sent any more.
    func release() {
        let notify = lock.locked {
            released = true
            wakeWriter()
            connection = nil
            (pending, sent) = ([], 0)
            defer { onRelease = nil }
            return onRelease
        }
        notify?()
    }

    /// Wakes a writer waiting for room once there is room or the stream has ended. Called
    /// holding the lock.
    private func wakeWriter() {
        guard let limit = roomWanted, ending != .none || released || pending.count - sent <= limit else { return }
        roomWanted = nil
        sem_post(room)
    }

    /// Resumes the connection if the reader suspended it, and wakes its worker: the library, run
    /// from loans' threads, notes the resumption but does not wake the thread itself. Called
    /// holding the lock: a suspended connection cannot be freed, and only the one who clears
    /// `suspended` resumes it.
    private func wake() {
        wakeWriter()
        guard suspended, let connection else { return }
        suspended = false
        connection.library.resumeConnection(connection.handle)
        connection.worker.ring()
    }
}

/// Streams that get the same events (every open `/events` page): a send reaches each open
/// stream, and streams that have ended are dropped on the way.
package final class HTTPStreamGroup: @unchecked Sendable {  // `streams` is guarded by `lock`
    private let lock = Lock()
    private var streams: [HTTPStream] = []

    package init() {}

    package func add(_ stream: HTTPStream) {
        lock.locked { streams.append(stream) }
    }

    /// Sends `bytes` to every open stream; returns how many it reached.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Int {
        let current = lock.locked { streams }
        let reached = current.filter { $0.send(bytes) }
        lock.locked { streams.removeAll { !$0.isOpen } }
        return reached.count
    }

    /// Sends one event to every open stream.
    @discardableResult
    package func send(_ event: ServerSentEvent) -> Int {
        send(event.bytes)
    }

    /// How many streams are open.
    package var count: Int {
        lock.locked {
            streams.removeAll { !$0.isOpen }
            return streams.count
        }
    }
}

import CMicroHTTPD
import LoansSystem
import Synchronization

/// A body written over time (Server-Sent Events): the handler answers `.stream(stream)`, and
/// anyone holding the stream sends to it from any thread until it is finished. While it has
/// nothing to send, its connection is suspended in the library — no thread waits and nothing
/// wakes for it — and a `send` resumes it. A client that goes away ends it (the server watches
/// each stream's socket for the hang-up, so an idle stream's departure is seen at once), and so
/// does a stop of the server.
package final class HTTPStream: Sendable {
    /// What may wait in memory for a client that reads slowly; past it the stream is cut (an
    /// `EventSource` reconnects by itself).
    static let backlogBytes = 1 << 20

    private let state = Mutex(State())
    /// What a writer waiting for room sleeps on (`waitForRoom`): woken whenever the client took
    /// bytes or the stream ended.
    private let room = Monitor()

    private struct State {
        var pending: [UInt8] = []
        var sent = 0
        var ending = Ending.none
        /// Set by the reader when it suspended the connection; whoever clears it resumes it.
        var suspended = false
        var connection: SuspendableConnection?
        var released = false
        var onRelease: (@Sendable () -> Void)?

        /// Resumes the connection if the reader suspended it (and wakes its worker). Called
        /// holding the mutex: a suspended connection cannot be freed, and only the one who clears
        /// `suspended` resumes it.
        mutating func wake() {
            guard suspended, let connection else { return }
            suspended = false
            connection.resume()
        }
    }

    private enum Ending { case none, finished, failed }

    package init() {}

    /// Queues `bytes` and wakes the connection; false once the stream has ended (the client went
    /// away, the server stopped, it was finished) or when the client has fallen too far behind.
    @discardableResult
    package func send(_ bytes: some Collection<UInt8>) -> Bool {
        let queued = state.withLock { state in
            guard state.ending == .none, !state.released else { return false }
            if state.pending.count - state.sent + bytes.count > HTTPStream.backlogBytes {
                state.ending = .failed
                state.wake()
                return false
            }
            if state.sent == state.pending.count { (state.pending, state.sent) = ([], 0) }
            state.pending.append(contentsOf: bytes)
            state.wake()
            return true
        }
        if !queued { roomMade() }  // cut: a writer waiting for room stops waiting
        return queued
    }

    /// Sends one event.
    @discardableResult
    package func send(_ event: ServerSentEvent) -> Bool {
        send(event.bytes)
    }

    /// Ends the stream once what is queued has been sent.
    package func finish() {
        state.withLock { state in
            if state.ending == .none { state.ending = .finished }
            state.wake()
        }
        roomMade()
    }

    /// Blocks until at most `limit` bytes wait for the client, or the stream has ended: a writer
    /// of a long body calls it before each chunk, so a slow client holds the writer back instead
    /// of filling memory — asleep, woken by the client's reads.
    package func waitForRoom(queuedAtMost limit: Int) {
        room.locked {
            while state.withLock({ $0.ending == .none && !$0.released && $0.pending.count - $0.sent > limit }) {
                _ = room.wait(until: nil)
            }
        }
    }

    /// Wakes a writer waiting for room to look again. Called after the state changed (never
    /// holding `state`: the writer holds `room` while it reads `state`).
    private func roomMade() {
        room.locked { room.wakeAll() }
    }

    /// False once the stream has ended or its connection is gone.
    package var isOpen: Bool {
        state.withLock { $0.ending == .none && !$0.released }
    }

    // MARK: the server's side

    /// Ties the stream to the connection it answers, run by the worker that `worker` wakes;
    /// false if it already answers another. `onRelease` runs once the library is done with the
    /// connection.
    func attach(to handle: OpaquePointer, _ library: LibMicroHTTPD, worker: Nudge, onRelease: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard state.connection == nil, !state.released else { return false }
            state.connection = SuspendableConnection(library: library, handle: handle, worker: worker)
            state.onRelease = onRelease
            return true
        }
    }

    /// The library asks for the next bytes (on the connection's worker thread): copies what is
    /// queued, ends, or suspends the connection until there is more.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let answer = state.withLock { state in
            if state.ending == .failed { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
            let available = state.pending.count - state.sent
            if available > 0 {
                let count = min(available, capacity)
                state.pending.withUnsafeBytes { source in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + state.sent, byteCount: count)
                }
                state.sent += count
                return count
            }
            if state.ending == .finished { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
            guard let connection = state.connection else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
            state.suspended = true
            connection.suspend()
            return 0
        }
        if answer != 0 { roomMade() }
        return answer
    }

    /// The client hung up: end at once, whatever is queued.
    func hangUp() {
        state.withLock { state in
            if state.ending == .none { state.ending = .failed }
            state.wake()
        }
        roomMade()
    }

    /// The library is done with the connection: nothing can be sent any more.
    func release() {
        let notify = state.withLock { state in
            state.released = true
            state.connection = nil
            (state.pending, state.sent) = ([], 0)
            defer { state.onRelease = nil }
            return state.onRelease
        }
        roomMade()
        notify?()
    }
}

/// Streams that get the same events (every open `/events` page): a send reaches each open
/// stream, and streams that have ended are dropped on the way.
package final class HTTPStreamGroup: Sendable {
    private let streams = Mutex<[HTTPStream]>([])

    package init() {}

    package func add(_ stream: HTTPStream) {
        streams.withLock { $0.append(stream) }
    }

    /// Sends `bytes` to every open stream; returns how many it reached.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Int {
        let current = streams.withLock { $0 }
        let reached = current.filter { $0.send(bytes) }
        streams.withLock { $0.removeAll { !$0.isOpen } }
        return reached.count
    }

    /// Sends one event to every open stream.
    @discardableResult
    package func send(_ event: ServerSentEvent) -> Int {
        send(event.bytes)
    }

    /// How many streams are open.
    package var count: Int {
        streams.withLock { streams in
            streams.removeAll { !$0.isOpen }
            return streams.count
        }
    }
}

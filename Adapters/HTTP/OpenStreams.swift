import Synchronization

/// The streams answering requests right now, by id: what the hang-up watch finds a stream by, and
/// what a stop ends.
final class OpenStreams: Sendable {
    private let state = Mutex(State())

    private struct State {
        var streams: [UInt64: HTTPStream] = [:]
        var last: UInt64 = 0
        var ended = false
    }

    /// Registers a stream that answers a request and gives its id (from 1); nil once a stop
    /// ended the streams.
    func register(_ stream: HTTPStream) -> UInt64? {
        state.withLock { state in
            guard !state.ended else { return nil }
            state.last += 1
            state.streams[state.last] = stream
            return state.last
        }
    }

    subscript(id: UInt64) -> HTTPStream? { state.withLock { $0.streams[id] } }

    /// The library is done with the stream's connection.
    func released(_ id: UInt64) { state.withLock { _ = $0.streams.removeValue(forKey: id) } }

    var count: Int { state.withLock { $0.streams.count } }

    /// Finishes every open stream (each sends what it has queued, then ends) and refuses new ones.
    func endAll() {
        let open = state.withLock { state in
            state.ended = true
            return Array(state.streams.values)
        }
        for stream in open { stream.finish() }
    }
}

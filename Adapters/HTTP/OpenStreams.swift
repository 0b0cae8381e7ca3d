/// The streams answering requests right now, by id: what the hang-up watch finds a stream by, and
/// what a stop ends.
final class OpenStreams: @unchecked Sendable {  // guarded by `lock`
    private let lock = Lock()
    private var streams: [UInt64: HTTPStream] = [:]
    private var last: UInt64 = 0
    private var ended = false

    /// Registers a stream that answers a request and gives its id (from 1); nil once a stop
    /// ended the streams.
    func register(_ stream: HTTPStream) -> UInt64? {
        lock.locked {
            guard !ended else { return nil }
            last += 1
            streams[last] = stream
            return last
        }
    }

    subscript(id: UInt64) -> HTTPStream? { lock.locked { streams[id] } }

    /// The library is done with the stream's connection.
    func released(_ id: UInt64) { lock.locked { _ = streams.removeValue(forKey: id) } }

    var count: Int { lock.locked { streams.count } }

    /// Finishes every open stream (each sends what it has queued, then ends) and refuses new ones.
    func endAll() {
        let open = lock.locked {
            ended = true
            return Array(streams.values)
        }
        for stream in open { stream.finish() }
    }
}

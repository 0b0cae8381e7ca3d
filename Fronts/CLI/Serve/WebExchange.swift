import LoansHTTPServer
import LoansText
import LoansSystem
import LoansWeb

/// The one place the HTTP adapter meets the web front: its requests become the front's, the
/// front's answers become its own. A document the front writes over time goes out on a stream
/// from a thread of its own, held back while the client lags; live updates go out on a stream
/// the front keeps; an answer the front gives later goes out when it is given, no thread waiting
/// for it meanwhile.
enum WebExchange {
    static func request(_ request: HTTPRequest) -> WebRequest {
        WebRequest(
            method: request.method, segments: request.segments, query: request.query.map(field), headers: request.headers.map(field),
            cookies: request.cookies.map(field), form: request.form?.map(field), isTLS: request.isTLS,
            client: request.client.host, clientIsLoopback: request.client.isLoopback
        )
    }

    static func answer(_ answer: WebAnswer) -> HTTPAnswer {
        let headers = answer.headers.map { HTTPField($0.name, $0.value) }
        switch answer.body {
        case .bytes(let bytes):
            return HTTPAnswer(status: answer.status, headers: headers, body: .bytes(bytes))
        case .written(let write):
            let stream = HTTPStream()
            let started = DetachedThread.start {
                do { try write(StreamSink(stream)) } catch {}
                stream.finish()
            }
            guard started else { return HTTPAnswer.text(503, "The server cannot start a thread for this answer; try again shortly.") }
            return HTTPAnswer(status: answer.status, headers: headers, body: .stream(stream))
        case .events(let open):
            let stream = HTTPStream()
            // A comment first, so the header fields go out at once: a reverse proxy in front
            // (and the browser) sees the stream open rather than waiting for the first change.
            stream.send(ServerSentEvent.comment("open"))
            open(EventStreamOverHTTP(stream))
            return HTTPAnswer(status: answer.status, headers: headers, body: .stream(stream))
        case .later(let start):
            let deferred = HTTPDeferred()
            start { deferred.answer(WebExchange.answer($0)) }
            return .later(deferred)
        }
    }

    private static func field(_ field: HTTPField) -> WebField {
        WebField(field.name, field.value)
    }
}

/// A document's bytes into a stream: each chunk waits while more than `backlog` bytes wait for
/// the client, so memory stays flat whatever the document's size and the client's speed; a
/// client that left ends the walk (the write throws).
final class StreamSink: ByteSink {
    private let stream: HTTPStream
    static let backlog = 256 * 1024

    init(_ stream: HTTPStream) {
        self.stream = stream
    }

    struct ClientLeft: Error {}

    func write(_ chunk: [UInt8]) throws {
        stream.waitForRoom(queuedAtMost: StreamSink.backlog)
        guard stream.send(chunk) else { throw ClientLeft() }
    }
}

/// The front's view of an `/events` stream.
final class EventStreamOverHTTP: EventStream {
    private let stream: HTTPStream

    init(_ stream: HTTPStream) {
        self.stream = stream
    }

    func send(event: String, data: String) -> Bool {
        stream.send(ServerSentEvent(event: event, data: data))
    }

    var isOpen: Bool { stream.isOpen }

    func close() {
        stream.finish()
    }
}

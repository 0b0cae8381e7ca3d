/// What a handler answers: a status, header fields, and a body that is either bytes or a stream
/// the handler (or anyone holding it) writes over time. The library adds `Content-Length` (for
/// bytes), `Transfer-Encoding: chunked` (for a stream on HTTP/1.1) and `Date`.
package struct HTTPAnswer: Sendable {
    package var status: Int
    package var headers: [HTTPField]
    package var body: HTTPBody

    package init(status: Int, headers: [HTTPField] = [], body: HTTPBody = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text answer (the server's own refusals are these).
    package static func text(_ status: Int, _ text: String) -> HTTPAnswer {
        HTTPAnswer(
            status: status, headers: [HTTPField("Content-Type", "text/plain; charset=utf-8")],
            body: .bytes(Array((text + "\n").utf8))
        )
    }
}

/// An answer's body.
package enum HTTPBody: Sendable {
    /// The whole body at once.
    case bytes([UInt8])
    /// A body of unknown length, sent as it is written (Server-Sent Events); it ends when the
    /// stream is finished, the client goes away, or the server stops.
    case stream(HTTPStream)
}

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

    /// An answer given later, from any thread, through `deferred` (see `HTTPDeferred`).
    package static func later(_ deferred: HTTPDeferred) -> HTTPAnswer {
        HTTPAnswer(status: 500, body: .later(deferred))
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
    /// The answer is not known yet: the whole answer — status, fields and body — is the one
    /// `deferred` is given later (the status and fields given with this body are not sent).
    case later(HTTPDeferred)
}

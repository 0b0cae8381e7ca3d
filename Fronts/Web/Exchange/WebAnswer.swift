import LoansText

/// What the web front answers: a status, header fields and a body. The composition root hands it
/// to the HTTP adapter as its own answer.
package struct WebAnswer: Sendable {
    package var status: Int
    package var headers: [WebField]
    package var body: WebBody

    package init(status: Int, headers: [WebField] = [], body: WebBody = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header field of the answer, compared without case.
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// `303 See Other` to a path of this server (Post/Redirect/Get).
    static func seeOther(_ path: String) -> WebAnswer {
        WebAnswer(status: 303, headers: [WebField("Location", path), WebField("Cache-Control", "no-store")])
    }

    /// A short plain-text answer.
    static func text(_ status: Int, _ text: String) -> WebAnswer {
        WebAnswer(
            status: status, headers: [WebField("Content-Type", "text/plain; charset=utf-8"), WebField("Cache-Control", "no-store")],
            body: .bytes(Array((text + "\n").utf8))
        )
    }

    /// An HTML page (never cached: it shows the loans as they are).
    static func page(_ status: Int, _ bytes: [UInt8]) -> WebAnswer {
        WebAnswer(
            status: status, headers: [WebField("Content-Type", "text/html; charset=utf-8"), WebField("Cache-Control", "no-store")],
            body: .bytes(bytes)
        )
    }
}

/// An answer's body.
package enum WebBody: Sendable {
    /// The whole body at once.
    case bytes([UInt8])
    /// A body written over time by `write`, which the composition root runs on a thread of its
    /// own with a sink that waits while the client lags (a JSON document of any size); the body
    /// ends when `write` returns or throws.
    case written(@Sendable (any ByteSink) throws -> Void)
    /// Server-Sent Events: `open` is given the stream once the answer is on its way, and keeps
    /// it (`LiveUpdates`) to send events until the client leaves.
    case events(@Sendable (any EventStream) -> Void)
    /// The answer is not known yet: `start` is run at once with the function that gives it
    /// (once, from any thread) — the whole answer, whose status and fields replace these. The
    /// composition root keeps no thread waiting for it meanwhile.
    case later(@Sendable (@escaping @Sendable (WebAnswer) -> Void) -> Void)
}

/// An open stream of Server-Sent Events, as the composition root gives it (over the adapter's).
package protocol EventStream: AnyObject, Sendable {
    /// Sends one event; false once the stream has ended (the client left, the server stops).
    @discardableResult
    func send(event: String, data: String) -> Bool

    /// False once the stream has ended.
    var isOpen: Bool { get }

    /// Ends the stream (its session ended); the browser may ask again, and is signed out.
    func close()
}

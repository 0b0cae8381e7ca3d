/// One request as the library parsed it, handed to the server's handler once it has arrived
/// whole: every text is valid UTF-8 without NUL (a request that is not gets `400` before any
/// handler sees it), every part decoded by libmicrohttpd, none by hand.
package struct HTTPRequest: Sendable {
    /// The method as sent (`GET`, `POST`, …); `HEAD` is answered like `GET` without the body.
    package let method: String
    /// The path as sent, still percent-encoded, without the query string: `/loans/3`.
    package let rawPath: String
    /// The path's segments between slashes, each percent-decoded on its own, so `%2F` stays
    /// inside its segment: `/` → `[]`, `/loans/3` → `["loans", "3"]`, `/a//b/` → `["a", "", "b", ""]`.
    package let segments: [String]
    /// The query string's arguments in order, decoded (`%XX`, `+` as a space).
    package let query: [HTTPField]
    /// The header fields in order, names as sent.
    package let headers: [HTTPField]
    /// The cookies of the `Cookie` header, in order.
    package let cookies: [HTTPField]
    /// The fields of an `application/x-www-form-urlencoded` or `multipart/form-data` body, in
    /// order, decoded by the library's POST processor; nil for any other body or none.
    package let form: [HTTPField]?
    /// The body's bytes (at most `HTTPLimits.bodyBytes`, sent with a `Content-Length`).
    package let body: [UInt8]
    /// Whom it comes from: the peer of the TCP connection or, when the server trusts a proxy and
    /// that peer is this machine, the address the proxy forwarded (see `ProxyForwarding`).
    package let client: HTTPClient
    /// True when the request came over TLS: the server's own, or — a trusted proxy saying
    /// `X-Forwarded-Proto: https` — the proxy's.
    package let isTLS: Bool

    package init(
        method: String, rawPath: String, segments: [String], query: [HTTPField] = [], headers: [HTTPField] = [],
        cookies: [HTTPField] = [], form: [HTTPField]? = nil, body: [UInt8] = [], client: HTTPClient, isTLS: Bool = false
    ) {
        self.method = method
        self.rawPath = rawPath
        self.segments = segments
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.form = form
        self.body = body
        self.client = client
        self.isTLS = isTLS
    }

    /// The first header field of this name, compared without case (`content-type`).
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The first query argument of this name (names compare exactly).
    package func query(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The first cookie of this name.
    package func cookie(_ name: String) -> String? {
        cookies.first { $0.name == name }?.value
    }

    /// The first form field of this name.
    package func field(_ name: String) -> String? {
        form?.first { $0.name == name }?.value
    }
}

/// A name and its value: a header field, a query argument, a cookie, a form field.
package struct HTTPField: Equatable, Sendable, CustomStringConvertible {
    package let name: String
    package let value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    package var description: String { "\(name): \(value)" }
}

/// Whom a request comes from: an IP address as text (`127.0.0.1`, `::1`; an IPv4 peer on an
/// IPv6 socket as IPv4) and the port, when it is the connection's peer (a proxy forwards no port).
package struct HTTPClient: Equatable, Sendable, CustomStringConvertible {
    package let host: String
    package let port: UInt16?
    /// True for 127.0.0.0/8 and ::1: the address is this machine (a reverse proxy beside the server).
    package let isLoopback: Bool

    package init(host: String, port: UInt16?, isLoopback: Bool) {
        self.host = host
        self.port = port
        self.isLoopback = isLoopback
    }

    package var description: String {
        guard let port else { return host }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// One request as the web front sees it: the HTTP adapter's request, handed over by the
/// composition root as plain text values (the front never sees the adapter or its library).
/// Every text is already valid UTF-8 without NUL; the path comes split into decoded segments.
package struct WebRequest: Sendable {
    /// `GET`, `POST`, … (`HEAD` is answered as `GET`; the server drops the body).
    package let method: String
    /// The path's segments, each percent-decoded on its own: `/loans/3` → `["loans", "3"]`.
    package let segments: [String]
    /// The query string's arguments in order, decoded.
    package let query: [WebField]
    /// The header fields in order.
    package let headers: [WebField]
    /// The cookies of the `Cookie` header, in order.
    package let cookies: [WebField]
    /// The fields of a form body, in order; nil when the body is not a form.
    package let form: [WebField]?
    /// True when the request came over TLS: the server's own, or a trusted reverse proxy's
    /// (`serve --trust-proxy`, `X-Forwarded-Proto: https` from this machine).
    package let isTLS: Bool
    /// Whom the request is counted against (sign-in limits, the log): the peer's IP address as
    /// text (`127.0.0.1`, `::1`) or, behind a trusted reverse proxy, the address it forwarded —
    /// always an address the server parsed, never a header's text.
    package let client: String
    /// True when that address is this machine (127.0.0.0/8, ::1).
    package let clientIsLoopback: Bool

    package init(
        method: String, segments: [String], query: [WebField] = [], headers: [WebField] = [], cookies: [WebField] = [],
        form: [WebField]? = nil, isTLS: Bool = false, client: String = "127.0.0.1", clientIsLoopback: Bool = true
    ) {
        self.method = method
        self.segments = segments
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.form = form
        self.isTLS = isTLS
        self.client = client
        self.clientIsLoopback = clientIsLoopback
    }

    /// The first header field of this name, compared without case.
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Every header field of this name, in order, compared without case.
    package func headers(_ name: String) -> [String] {
        let wanted = name.lowercased()
        return headers.filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    /// The first query argument of this name.
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
package struct WebField: Equatable, Sendable {
    package let name: String
    package let value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

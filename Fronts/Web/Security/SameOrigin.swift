/// A web origin (RFC 6454): a scheme, a host and a port, all three — `http://loans.example` and
/// `https://loans.example` are two. The host is compared without case and the port made
/// explicit (`https://loans.example` is `https://loans.example:443`).
struct WebOrigin: Equatable {
    let isHTTPS: Bool
    let host: String
    let port: Int

    /// `http` or `https` and an authority, `HOST[:PORT]` (a host may be an IPv6 literal in
    /// brackets); nil for anything else.
    init?(https: Bool, authority: Substring) {
        var host = authority
        var port = https ? 443 : 80
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            let digits = authority[authority.index(after: colon)...]
            guard !digits.isEmpty, digits.utf8.count <= 5, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let number = Int(digits), (1...65535).contains(number)
            else { return nil }
            host = authority[..<colon]
            port = number
        }
        guard !host.isEmpty, host.utf8.allSatisfy(WebBaseURL.isAuthorityByte) else { return nil }
        isHTTPS = https
        self.host = host.lowercased()
        self.port = port
    }

    /// The origin of a URL's text: `scheme://authority` and nothing more (an `Origin` field), or
    /// followed by a path when `withPath` (a `Referer` field); nil for any other text, `null`
    /// included.
    init?(url: String, withPath: Bool) {
        let lower = url.lowercased()
        let https = lower.hasPrefix("https://")
        guard https || lower.hasPrefix("http://") else { return nil }
        let rest = url.dropFirst(https ? 8 : 7)
        let authority = rest.prefix { $0 != "/" }
        guard authority.count == rest.count || withPath else { return nil }
        self.init(https: https, authority: authority)
    }
}

/// Whether a state-changing request comes from this server's own pages: the one origin it names
/// — its `Origin` field, or, when a browser sends none, its `Referer` — must be the base URL's
/// origin or the origin of the `Host` it was sent to, reached by the scheme the page was served
/// by (`https` when the request came over TLS or the base URL is `https`: a plain-HTTP page of
/// the same name is another origin). A request that names no origin, or more than one (two
/// `Origin` fields, or two `Referer` fields, in any order), is refused.
package enum SameOrigin {
    package static func holds(_ request: WebRequest, base: WebBaseURL) -> Bool {
        let origins = request.headers("Origin")
        let referers = request.headers("Referer")
        guard origins.count <= 1, referers.count <= 1,
              let origin = origins.first.map({ WebOrigin(url: $0, withPath: false) }) ?? referers.first.map({ WebOrigin(url: $0, withPath: true) }),
              let origin
        else { return false }
        var allowed = [WebOrigin(https: base.isHTTPS, authority: Substring(base.authority))]
        if let host = request.header("Host") {
            allowed.append(WebOrigin(https: request.isTLS || base.isHTTPS, authority: Substring(host)))
        }
        return allowed.contains(origin)
    }
}

import Glibc

/// What a reverse proxy in front says of a request it passes on: the address it got the request
/// from (the right-most entry of `X-Forwarded-For`, the one the proxy itself added) and the
/// scheme the browser used (`X-Forwarded-Proto`). The server believes it only when told to trust
/// a proxy and only from a peer on this machine; anyone else could write these fields.
///
/// Each field is read whole or not at all: an address that is not an IPv4 or IPv6 address
/// (a name, a port, brackets, a zone, anything longer than an address) makes the field say
/// nothing, and so does a scheme other than `http` or `https` or more than one scheme field.
/// The entries left of the right-most are the client's own words and are never read. The
/// `Forwarded` field (RFC 7239) is not read.
package struct ProxyForwarding: Equatable, Sendable {
    /// The address the proxy got the request from, written the one way `inet_ntop` writes it
    /// (an IPv4 address seen through IPv6, `::ffff:a.b.c.d`, as the IPv4 address).
    package let client: HTTPClient?
    /// True for `https`, false for `http`, nil when the proxy said nothing usable.
    package let isHTTPS: Bool?

    package init(client: HTTPClient?, isHTTPS: Bool?) {
        self.client = client
        self.isHTTPS = isHTTPS
    }

    /// Whom a request comes from and whether over TLS: what a trusted proxy on this machine
    /// forwarded, field by field (a field left out or written wrong leaves the connection's own),
    /// or — from any other peer, or when no proxy is trusted — the connection's own.
    package static func origin(peer: HTTPClient, isTLS: Bool, headers: [HTTPField], trustsProxy: Bool) -> (client: HTTPClient, isTLS: Bool) {
        guard trustsProxy, peer.isLoopback else { return (peer, isTLS) }
        let forwarded = read(headers)
        return (forwarded.client ?? peer, forwarded.isHTTPS ?? isTLS)
    }

    /// What the header fields say (names compare without case).
    package static func read(_ headers: [HTTPField]) -> ProxyForwarding {
        let forwardedFor = headers.last { $0.name.lowercased() == "x-forwarded-for" }
        let protos = headers.filter { $0.name.lowercased() == "x-forwarded-proto" }
        let client = forwardedFor.flatMap { field in
            rightMost(field.value).flatMap { IPAddressText.parse($0) }.map { HTTPClient(host: $0.text, port: nil, isLoopback: $0.isLoopback) }
        }
        var https: Bool?
        if protos.count == 1 {
            switch trimmed(Substring(protos[0].value)).lowercased() {
            case "https": https = true
            case "http": https = false
            default: https = nil
            }
        }
        return ProxyForwarding(client: client, isHTTPS: https)
    }

    /// The last comma-separated entry, without the spaces and tabs around it.
    private static func rightMost(_ value: String) -> Substring? {
        let entry = value.lastIndex(of: ",").map { value[value.index(after: $0)...] } ?? value[...]
        let text = trimmed(entry)
        return text.isEmpty ? nil : text
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !blank($0) }), let end = text.lastIndex(where: { !blank($0) }) else { return "" }
        return text[start...end]
    }
}

/// An IP address read from text with `inet_pton` and written back with `inet_ntop`, so what the
/// server keeps is an address it parsed, never the text it was sent.
package enum IPAddressText {
    /// The address in its one written form and whether it is this machine (127.0.0.0/8, ::1);
    /// nil for anything that is not an IPv4 dotted quad or an IPv6 address.
    package static func parse(_ text: Substring) -> (text: String, isLoopback: Bool)? {
        guard !text.isEmpty, text.utf8.count < Int(INET6_ADDRSTRLEN), !text.utf8.contains(0) else { return nil }
        let text = String(text)
        var v4 = in_addr()
        if text.withCString({ inet_pton(AF_INET, $0, &v4) }) == 1 {
            return SocketAddress.host(ipv4: withUnsafeBytes(of: v4) { Array($0) })
        }
        var v6 = in6_addr()
        guard text.withCString({ inet_pton(AF_INET6, $0, &v6) }) == 1 else { return nil }
        return SocketAddress.host(ipv6: withUnsafeBytes(of: v6) { Array($0) })
    }
}

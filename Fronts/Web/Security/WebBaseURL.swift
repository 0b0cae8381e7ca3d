import LoansCore

/// The address people reach the server at (`serve.base_url`, `--base-url`): `http://` or
/// `https://`, a host (a name, an IPv4 address, or an IPv6 address in brackets), an optional
/// port, and no path but `/`. Links that leave the page (the one-time link, a share link, a
/// private feed's `webcal://` address) are made from it, it is one of the origins a form may come from, and an
/// `https` base makes the session cookie `Secure` (TLS is then done by a proxy in front, or by
/// the server itself).
package struct WebBaseURL: Equatable, Sendable, CustomStringConvertible {
    package let isHTTPS: Bool
    /// `host:port` (or `host`) as written.
    package let authority: String

    /// Why a text is not a base URL.
    package struct Refusal: Error, Equatable, Sendable {
        package let message: String
    }

    package init(parsing text: String) throws(Refusal) {
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            isHTTPS = true
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            isHTTPS = false
            rest = text.dropFirst(7)
        } else {
            throw Refusal(message: "\(Quoted(text)) is not a base URL: it must start with http:// or https://")
        }
        let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
        guard !authority.isEmpty, authority.utf8.count <= 255 else {
            throw Refusal(message: "\(Quoted(text)) is not a base URL: it names no host")
        }
        guard authority.utf8.allSatisfy(WebBaseURL.isAuthorityByte) else {
            throw Refusal(message: "\(Quoted(text)) is not a base URL: write http(s)://HOST[:PORT]/ with no path, user or query (loans is served at the root)")
        }
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            let port = authority[authority.index(after: colon)...]
            guard !port.isEmpty, port.utf8.count <= 5, let number = Int(port), (1...65535).contains(number) else {
                throw Refusal(message: "\(Quoted(text)) is not a base URL: the port must be a number from 1 to 65535")
            }
        }
        self.authority = String(authority)
    }

    /// The default: `http://` (or `https://` when the server does TLS) and the address listened on.
    package init(listening authority: String, https: Bool = false) {
        isHTTPS = https
        self.authority = authority
    }

    /// `https://loans.example:8742`.
    package var origin: String { (isHTTPS ? "https://" : "http://") + authority }

    /// `https://loans.example:8742/`.
    package var description: String { origin + "/" }

    /// The page a share link opens: `https://loans.example:8742/s/TOKEN`.
    package func sharePage(_ token: String) -> String {
        description + "s/" + token
    }

    /// An account's private calendar feed for a calendar app to subscribe to (it sends no
    /// cookie): `webcal://loans.example:8742/feeds/TOKEN.ics`.
    package func feedSubscription(_ token: String) -> String {
        "webcal://\(authority)/feeds/\(token).ics"
    }

    /// Letters, digits and what a host, an IPv6 literal and a port are written with.
    static func isAuthorityByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            true
        default: false
        }
    }
}

import Glibc

/// Where a server listens: an IPv4 or IPv6 literal, or `localhost` (127.0.0.1), and a port, as
/// written after `--listen` or in `serve.listen`: `127.0.0.1:8742`, `[::1]:8742`, `0.0.0.0:80`,
/// `[::]:8742` (every address, IPv4 too), `localhost:8742`. No other name is looked up: what a
/// server listens on must not depend on a resolver. Port 0 asks the kernel for a free port; the
/// server's `address` then says which one it got.
package struct HTTPListenAddress: Equatable, Sendable, CustomStringConvertible {
    /// The host as written (`localhost`, `127.0.0.1`, `::1`), without brackets.
    package let host: String
    package let port: UInt16
    /// The address's bytes: 4 for IPv4, 16 for IPv6, in network order.
    let bytes: [UInt8]

    /// Parses `HOST:PORT`, or says what is wrong with it.
    package init(parsing text: String) throws(HTTPServerError) {
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw .badAddress("not an address to listen on: write [IPv6]:PORT, e.g. [::1]:8742")
            }
            hostPart = text[text.index(after: text.startIndex)..<close]
            portPart = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else {
                throw .badAddress("not an address to listen on: write HOST:PORT, e.g. 127.0.0.1:8742")
            }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
            if hostPart.contains(":") {
                throw .badAddress("not an address to listen on: write an IPv6 address in brackets, e.g. [::1]:8742")
            }
        }
        guard !portPart.isEmpty, portPart.count <= 5, portPart.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let port = UInt16(portPart)
        else {
            throw .badAddress("not an address to listen on: the port must be a number from 0 to 65535")
        }
        guard let bytes = HTTPListenAddress.bytes(of: String(hostPart), ipv6: text.hasPrefix("[")) else {
            throw .badAddress(
                "not an address to listen on: the host must be an IPv4 address, an IPv6 address in brackets or localhost"
            )
        }
        self.init(host: String(hostPart), port: port, bytes: bytes)
    }

    init(host: String, port: UInt16, bytes: [UInt8]) {
        self.host = host
        self.port = port
        self.bytes = bytes
    }

    /// The same host on another port (the port the kernel chose for port 0).
    func with(port: UInt16) -> HTTPListenAddress {
        HTTPListenAddress(host: host, port: port, bytes: bytes)
    }

    var isIPv6: Bool { bytes.count == 16 }

    /// True for an address only this machine can reach (127.0.0.0/8, ::1, `localhost`).
    package var isLoopback: Bool {
        isIPv6 ? bytes == [UInt8](repeating: 0, count: 15) + [1] : bytes[0] == 127
    }

    /// `HOST:PORT` as it would be written back (IPv6 in brackets).
    package var description: String {
        isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The address for an IP literal (IPv6 only where written in brackets) or `localhost`.
    private static func bytes(of host: String, ipv6: Bool) -> [UInt8]? {
        if !ipv6, host == "localhost" { return [127, 0, 0, 1] }
        var bytes = [UInt8](repeating: 0, count: ipv6 ? 16 : 4)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(ipv6 ? AF_INET6 : AF_INET, host, $0.baseAddress) }
        return parsed == 1 ? bytes : nil
    }
}

import Glibc

/// One line of the request log, handed to the sink the server was given when a request ends:
/// when it arrived, whom from (the peer's address, or the one a trusted proxy forwarded), the method, the path without its query string, the status, how long it took.
/// It never holds the query, a cookie, a header or the body, so no token or password can reach a
/// log; the path and method are shown with every byte outside printable ASCII as `%XX`, so a
/// request cannot write control characters to a terminal.
package struct HTTPRequestLog: Equatable, Sendable, CustomStringConvertible {
    /// Seconds since 1970 (UTC) when the request line arrived.
    package let time: Double
    /// The client's IP address (`-` when the library knew none), parsed, never a header's text.
    package let client: String
    package let method: String
    /// The path as sent (still percent-encoded), without the query string.
    package let path: String
    /// The status answered; nil when none was (the client went away first, a timeout).
    package let status: Int?
    package let milliseconds: Double

    /// The same line with another path: the front's redaction of a path that carries a secret.
    package func with(path: String) -> HTTPRequestLog {
        HTTPRequestLog(time: time, client: client, method: method, path: HTTPRequestLog.printable(path.utf8), status: status, milliseconds: milliseconds)
    }

    /// `2026-05-01T14:03:07+02:00 192.0.2.7 GET /loans/3 200 4 ms` (local time, as `TZ` says); a
    /// request that got no answer shows `-` for its status.
    package var description: String {
        "\(HTTPRequestLog.timestamp(time)) \(client) \(method) \(path) \(status.map(String.init) ?? "-") \(HTTPRequestLog.duration(milliseconds)) ms"
    }

    /// Bytes as log text: printable ASCII as is, anything else (space, controls, UTF-8) as `%XX`.
    static func printable(_ bytes: some Sequence<UInt8>) -> String {
        var out = ""
        for byte in bytes {
            if (0x21...0x7E).contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private static func timestamp(_ time: Double) -> String {
        var seconds = time_t(time.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        let offset = parts.tm_gmtoff / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(parts.tm_year + 1900)-\(two(Int(parts.tm_mon) + 1))-\(two(Int(parts.tm_mday)))"
        let clock = "\(two(Int(parts.tm_hour))):\(two(Int(parts.tm_min))):\(two(Int(parts.tm_sec)))"
        let zone = (offset < 0 ? "-" : "+") + two(abs(offset) / 60) + ":" + two(abs(offset) % 60)
        return "\(date)T\(clock)\(zone)"
    }

    /// Whole milliseconds, or one decimal below 10 ms.
    private static func duration(_ milliseconds: Double) -> String {
        if milliseconds >= 10 { return String(Int(milliseconds.rounded())) }
        let tenths = Int((milliseconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

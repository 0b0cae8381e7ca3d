import Glibc
import LoansHTTPServer
import LoansWeb

/// `serve`'s log: one line per request on stderr, written whole from whichever thread ends the
/// request. The line never holds a query string, a cookie, a header or a body (the server makes
/// it so), and a path that carries a secret is shown redacted (`WebLog.shown`).
final class ServeLog: @unchecked Sendable {  // writes are single write(2) calls of whole lines
    func request(_ line: HTTPRequestLog) {
        say(line.with(path: WebLog.shown(path: line.path)).description)
    }

    /// A line of its own (the address served, the one-time link).
    func say(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}

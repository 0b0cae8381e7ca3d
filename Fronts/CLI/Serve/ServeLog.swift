import LoansHTTPServer
import LoansSystem
import LoansWeb

/// `serve`'s log: one line per request on stderr, written whole from whichever thread ends the
/// request. The line never holds a query string, a cookie, a header or a body (the server makes
/// it so), and a path that carries a secret is shown redacted (`WebLog.shown`).
final class ServeLog: Sendable {
    func request(_ line: HTTPRequestLog) {
        say(line.with(path: WebLog.shown(path: line.path)).description)
    }

    /// A line of its own (the address served, the one-time link).
    func say(_ text: String) {
        try? FileDescriptor.standardError.writeAll((text + "\n").utf8)
    }
}

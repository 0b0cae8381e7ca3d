import Foundation
import Glibc
import LoansHTTPServer
import LoansTestSupport

/// A real server on 127.0.0.1 and a free port, with the handler a test gives, and every log line
/// it wrote.
struct TestServer {
    let server: HTTPServer
    let log: LogLines

    init(
        listen: String = "127.0.0.1:0", tls: HTTPTLSIdentity? = nil, threads: Int = HTTPServer.defaultThreads, trustsProxy: Bool = false,
        commonHeaders: [HTTPField] = [], handler: @escaping HTTPHandler = TestServer.echo
    ) throws {
        let log = LogLines()
        self.log = log
        server = try HTTPServer(
            listen: HTTPListenAddress(parsing: listen), tls: tls, threads: threads, trustsProxy: trustsProxy, commonHeaders: commonHeaders, log: { log.append($0) }, handler: handler
        )
    }

    var port: UInt16 { server.address.port }
    var base: String { "http://127.0.0.1:\(port)" }

    /// Answers with the request as the handler saw it, one part per line.
    static let echo: HTTPHandler = { request in
        HTTPAnswer.text(200, TestServer.describe(request))
    }

    static func describe(_ request: HTTPRequest) -> String {
        [
            "method \(request.method)",
            "path \(request.rawPath)",
            "segments \(request.segments)",
            "query \(request.query.map(\.description))",
            "cookies \(request.cookies.map(\.description))",
            "form \(request.form.map { $0.map(\.description).description } ?? "none")",
            "body \(request.body.count)",
            "client \(request.client.host) loopback \(request.client.isLoopback)",
            "tls \(request.isTLS)",
            "agent \(request.header("user-agent") ?? "none")",
        ].joined(separator: "\n")
    }
}

/// The log lines a server wrote, from any thread.
typealias LogLines = Collected<HTTPRequestLog>

/// Values collected from any thread (log lines, what a handler saw).
final class Collected<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [Element] = []

    func append(_ line: Element) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// Waits (at most `seconds`) until there are `count`; returns them all.
    func wait(for count: Int, seconds: Double = 30) -> [Element] {
        let deadline = Date().addingTimeInterval(seconds)
        while all.count < count && Date() < deadline { usleep(10_000) }
        return all
    }
}

/// curl's answer: the status and the body.
struct CurlAnswer {
    let status: Int
    let body: String
    let run: ProgramRun
}

/// Runs curl (Debian's) with `arguments` and returns the status and body it got.
func curl(_ arguments: [String], seconds: Double = 60) throws -> CurlAnswer {
    let run = try ProgramRun("/usr/bin/curl", ["-sS", "--max-time", "\(Int(seconds))", "-w", "\n%{http_code}"] + arguments, seconds: seconds + 10)
    var lines = run.out.components(separatedBy: "\n")
    let status = Int(lines.removeLast()) ?? 0
    return CurlAnswer(status: status, body: lines.joined(separator: "\n"), run: run)
}

import Foundation
import Glibc
import LoansTestSupport
import Testing

/// `loans serve` reached directly, with requests whose framing is in doubt written byte by byte
/// on a socket: a body length given twice or two ways, a header field name with a space, a
/// request without its `Host`, a target with a space or a control character, one past the
/// target's limit. Each is refused once — one answer, with the server's security header fields
/// once each and `Connection: close` — and the connection is closed, so the second request
/// hidden behind it is never answered; each refusal is one line of the log.
@Suite struct ServeFramingTests {
    /// A request the server never answers, hidden behind each refused one.
    static let smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"

    /// The path each case is logged with, what is sent, and the status expected.
    static let cases: [(path: String, bytes: String, status: Int)] = [
        (
            "/framing-length-and-chunked",
            "POST /framing-length-and-chunked HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled, 400
        ),
        (
            "/framing-two-lengths",
            "POST /framing-two-lengths HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: \(smuggled.utf8.count)\r\n\r\n" + smuggled, 400
        ),
        ("/framing-space-before-colon", "POST /framing-space-before-colon HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n" + smuggled, 400),
        ("/framing-bare-lf", "POST /framing-bare-lf HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\n\r\n" + smuggled, 400),
        ("/framing-chunked", "POST /framing-chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n" + smuggled, 400),
        ("/framing-name", "GET /framing-name HTTP/1.1\r\nHost: x\r\nX(y): 1\r\n\r\n" + smuggled, 400),
        ("/framing-no-host", "GET /framing-no-host HTTP/1.1\r\n\r\n" + smuggled, 400),
        ("/framing-two-hosts", "GET /framing-two-hosts HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n" + smuggled, 400),
        ("/framing%20space", "GET /framing space HTTP/1.1\r\nHost: x\r\n\r\n" + smuggled, 400),
        ("/framing%09tab", "GET /framing\ttab HTTP/1.1\r\nHost: x\r\n\r\n" + smuggled, 400),
        ("/framing-target", "GET /framing-target/" + String(repeating: "a.", count: 4_200) + " HTTP/1.1\r\nHost: x\r\n\r\n" + smuggled, 414),
        ("/framing-header-block", "GET /framing-header-block HTTP/1.1\r\nHost: x\r\nX-Pad: " + String(repeating: "p", count: 17_000) + "\r\n\r\n" + smuggled, 431),
    ]

    @Test func framingInDoubtIsRefusedOnceAndClosed() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        #expect(serve.process.isRunning, "\(serve.process.output)")
        for (path, bytes, status) in ServeFramingTests.cases {
            let connection = try RawConnection(port: UInt16(serve.port))
            try connection.send(bytes)
            let read = connection.read(seconds: 60)
            let text = String(decoding: read.bytes, as: UTF8.self)
            let head = text.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
            #expect(head[0].hasPrefix("HTTP/1.1 \(status) "), "\(path): \(head[0])")
            #expect(text.components(separatedBy: "HTTP/1.").count - 1 == 1, "\(path) was answered more than once: \(text)")
            for (name, value) in [
                ("Content-Security-Policy", ServeEndToEndTests.policy), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
                ("Connection", "close"),
            ] {
                #expect(head.filter { $0.lowercased().hasPrefix(name.lowercased() + ":") } == ["\(name): \(value)"], "\(path): \(name) in \(head)")
            }
            #expect(read.closed, "\(path): the connection stayed open")
        }
        // One line each in the log, and none for the hidden request.
        let logged = eventually(patience: 20) {
            ServeFramingTests.cases.allSatisfy { item in ServeBehindNginxTests.requestLines(serve).contains { $0.contains(" \(item.path)") } }
        }
        #expect(logged, "\(serve.process.output.prefix(4000))")
        let lines = ServeBehindNginxTests.requestLines(serve)
        for (path, _, status) in ServeFramingTests.cases {
            let matching = lines.filter { $0.contains(" \(path)") }
            #expect(matching.count == 1 && matching.first?.contains(" \(status) ") == true, "\(path): \(matching)")
        }
        #expect(!lines.contains { $0.contains("/healthz") }, "a hidden request was answered: \(lines)")
    }

    /// What the library still answers by itself, as Docs/Web.md says: a request line it cannot
    /// read is closed without an answer, an HTTP version it does not speak is `505`, and a
    /// request line longer than a connection's memory `414`; each closes the connection.
    @Test func theLibrarysOwnRefusalsCloseTheConnection() throws {
        let loans = try ServeEndToEndTests.seeded()
        defer { loans.remove() }
        let serve = try ServeProcess(loans)
        for (bytes, status) in [
            ("HELLO\r\n\r\n" + ServeFramingTests.smuggled, nil), ("GET / HTTP/2.0\r\nHost: x\r\n\r\n" + ServeFramingTests.smuggled, 505),
            ("GET /" + String(repeating: "a.", count: 40_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        ] as [(String, Int?)] {
            let connection = try RawConnection(port: UInt16(serve.port))
            try? connection.send(bytes)
            let read = connection.read(seconds: 60)
            let text = String(decoding: read.bytes, as: UTF8.self)
            if let status {
                #expect(text.hasPrefix("HTTP/1.1 \(status) ") && text.components(separatedBy: "HTTP/1.").count - 1 == 1, "\(text)")
            } else {
                #expect(text.isEmpty, "\(text)")
            }
            #expect(read.closed)
        }
    }
}

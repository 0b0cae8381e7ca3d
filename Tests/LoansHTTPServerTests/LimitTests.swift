import Foundation
import Glibc
import LoansHTTPServer
import LoansTestSupport
import Testing

/// The limits every request and the whole server live within: the header block, the body, idle
/// and slow connections, the number of connections.
@Suite struct LimitTests {
    /// The request line and header fields, with the blank line after them, may take 16 KiB.
    @Test func headersUpTo16KiB() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        for (total, expected) in [(16_384, 200), (16_385, 431)] {
            let head = "GET /h HTTP/1.1\r\nHost: x\r\nX-Pad: "
            let tail = "\r\n\r\n"
            let connection = try RawConnection(port: test.port)
            try connection.send(head + String(repeating: "p", count: total - head.utf8.count - tail.utf8.count) + tail)
            #expect(connection.status() == expected, "\(total) bytes of header")
        }
        // Far past the limit, the library itself refuses, before the server sees the request.
        let connection = try RawConnection(port: test.port)
        try connection.send("GET /h HTTP/1.1\r\nHost: x\r\nX-Pad: " + String(repeating: "p", count: 100_000) + "\r\n\r\n")
        #expect(connection.status() == 431)
    }

    /// A body may take 64 KiB; a longer declared one is 413 before it is read.
    @Test func bodiesUpTo64KiB() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let limit = String(repeating: "a", count: 64 * 1024)
        let octets = ["-H", "Content-Type: application/octet-stream"]
        let whole = try curl(octets + ["--data-binary", limit, test.base + "/x"])
        #expect(whole.status == 200 && whole.body.contains("body 65536"), "\(whole.body)")
        #expect(try curl(octets + ["--data-binary", limit + "b", test.base + "/x"]).status == 413)
    }

    /// A declared body past the limit is refused without reading it: the client that waits for
    /// `100 Continue` gets 413 instead and never sends the body.
    @Test func aLongDeclaredBodyIsRefusedBeforeItIsSent() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let connection = try RawConnection(port: test.port)
        try connection.send("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\nExpect: 100-continue\r\n\r\n")
        #expect(connection.status() == 413)
    }

    /// A chunked body is refused before any of it is read, however long it goes on: 400, and
    /// the connection closed.
    @Test func aChunkedBodyIsRefusedUnread() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let connection = try RawConnection(port: test.port)
        try connection.send("POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x61, count: 0x10000) + Array("\r\n".utf8)
        var sent = 0
        while sent < 8 << 20, (try? connection.send(chunk)) != nil { sent += chunk.count }
        #expect(sent < 8 << 20, "the server kept reading a body of \(sent) bytes")
        let answer = connection.read(seconds: 30)
        #expect(String(decoding: answer.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 400 "))
        #expect(answer.closed)
        #expect(test.log.wait(for: 1).map(\.status) == [400])
    }

    /// A connection that sends nothing is closed after 10 s (the library's idle timeout), one
    /// that stopped half-way through a request too.
    @Test func silentConnectionsAreClosed() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let silent = try RawConnection(port: test.port)
        let halfway = try RawConnection(port: test.port)
        try halfway.send("GET / HTTP/1.1\r\nHost: x\r\nX-Half")
        let started = Date()
        #expect(silent.read(seconds: 60).closed, "a silent connection stayed open")
        #expect(Date().timeIntervalSince(started) >= 9, "closed before the idle timeout")
        #expect(halfway.read(seconds: 60).closed, "a half-sent request stayed open")
    }

    /// Clients that dribble a request a byte at a time take no thread: while 64 of them dribble,
    /// others are answered; once they go silent they are closed.
    @Test func slowClientsCannotPinTheServer() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let slow = try (0..<64).map { _ in try RawConnection(port: test.port) }
        for connection in slow { try connection.send("GET /slow HTTP/1.1\r\nHost: x\r\nX-Slow: ") }
        let dribbling = DispatchGroup()
        dribbling.enter()
        DispatchQueue.global().async {
            defer { dribbling.leave() }
            for _ in 0..<6 {  // 12 s: longer than the idle timeout, so only the dribbling keeps them
                for connection in slow { try? connection.send("s") }
                sleep(2)
            }
        }
        var answered = 0
        for _ in 0..<10 {
            if try curl(["--max-time", "5", test.base + "/fast"], seconds: 10).status == 200 { answered += 1 }
            usleep(500_000)
        }
        #expect(answered == 10, "only \(answered) of 10 requests were answered while 64 clients dribbled")
        #expect(dribbling.wait(timeout: .now() + 60) == .success)
        #expect(test.server.openConnections >= 64, "the dribbling clients were closed while they sent")
        for connection in slow { #expect(connection.read(seconds: 60).closed, "a slow client that went silent stayed open") }
    }

    /// At most 256 connections are served: a request on one more is 503 (with Retry-After, and
    /// the connection closed); once some close, requests are served again.
    @Test func connectionsPast256Get503() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        var open = try (0..<HTTPLimits.connections).map { _ in try RawConnection(port: test.port) }
        for connection in open { try connection.send("GET /held HTTP/1.1\r\n") }
        let deadline = Date().addingTimeInterval(30)
        while test.server.openConnections < HTTPLimits.connections && Date() < deadline { usleep(10_000) }
        #expect(test.server.openConnections == HTTPLimits.connections)
        let extra = try RawConnection(port: test.port)
        try extra.send("GET /one-more HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = extra.read(seconds: 30)
        let text = String(decoding: refused.bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 503") && text.contains("Retry-After: 1"), "\(text)")
        #expect(refused.closed || extra.read(seconds: 10).closed, "a refused connection stays open")
        open.removeLast(16)
        while test.server.openConnections > HTTPLimits.connections - 16 && Date() < deadline { usleep(10_000) }
        #expect(try curl([test.base + "/again"]).status == 200)
    }

    /// Past 320 connections the library accepts no more; a connection that waits in the kernel's
    /// queue is taken, and answered, as soon as others close (not at the next unrelated event).
    @Test func connectionsPast320WaitForASlot() throws {
        let test = try TestServer()
        defer { test.server.stop() }
        let limit = HTTPLimits.connections + HTTPLimits.overflowConnections
        var held = try (0..<limit).map { _ in try RawConnection(port: test.port) }
        for connection in held { try connection.send("GET /held HTTP/1.1\r\n") }
        #expect(StreamTests.wait { test.server.openConnections == limit })
        let waiting = try RawConnection(port: test.port)
        try waiting.send("GET /waiting HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(waiting.read(seconds: 1) { !$0.isEmpty }.bytes.isEmpty, "a connection past \(limit) was served")
        // One closes: one event, one run of its worker, one free slot. The waiting connection
        // takes it (and is answered 503: 320 are open again).
        held.removeLast()
        #expect(waiting.status(seconds: 5) == 503, "the waiting connection was not taken when a slot freed")
    }
}

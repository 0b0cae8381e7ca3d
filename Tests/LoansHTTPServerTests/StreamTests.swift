import Foundation
import Glibc
import LoansHTTPServer
import LoansTestSupport
import Testing

/// Streamed answers (Server-Sent Events): pushed events reach every open stream; an idle stream
/// holds no thread and wakes nothing; a client that leaves, a finish and a stop end it.
@Suite struct StreamTests {
    /// A server whose `/events` opens a stream in `group`; anything else is echoed.
    static func server(_ group: HTTPStreamGroup) throws -> TestServer {
        try TestServer { request in
            guard request.rawPath == "/events" else { return TestServer.echo(request) }
            let stream = HTTPStream()
            stream.send(ServerSentEvent.comment("open"))
            group.add(stream)
            return HTTPAnswer(status: 200, headers: [HTTPField("Content-Type", "text/event-stream")], body: .stream(stream))
        }
    }

    /// Opens `/events` and reads until the stream's first bytes are in.
    static func open(_ test: TestServer) throws -> RawConnection {
        let connection = try RawConnection(port: test.port)
        try connection.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = connection.read { String(decoding: $0, as: UTF8.self).contains(": open") }
        let text = String(decoding: head.bytes, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 200"), text.contains("Transfer-Encoding: chunked"), text.contains("text/event-stream") else {
            throw HarnessError("no stream: \(text)")
        }
        return connection
    }

    static func wait(_ seconds: Double = 30, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() && Date() < deadline { usleep(10_000) }
        return done()
    }

    @Test func pushedEventsReachEveryOpenStream() throws {
        let group = HTTPStreamGroup()
        let test = try StreamTests.server(group)
        defer { test.server.stop() }
        let first = try StreamTests.open(test)
        let second = try StreamTests.open(test)
        #expect(StreamTests.wait { group.count == 2 })
        for number in 1...3 {
            #expect(group.send(ServerSentEvent(event: "change", data: "loan \(number)\nsecond line", id: "\(number)")) == 2)
        }
        for connection in [first, second] {
            let read = connection.read { String(decoding: $0, as: UTF8.self).contains("data: loan 3") }
            let text = String(decoding: read.bytes, as: UTF8.self)
            for number in 1...3 {
                #expect(text.contains("event: change\nid: \(number)\ndata: loan \(number)\ndata: second line\n\n"), "\(text)")
            }
        }
        #expect(try curl([test.base + "/other"]).status == 200, "the server answers others while streams are open")
    }

    /// A finished stream ends its answer (the chunked body's last chunk) and is logged.
    @Test func aFinishedStreamEnds() throws {
        let stream = HTTPStream()
        let test = try TestServer { _ in HTTPAnswer(status: 200, body: .stream(stream)) }
        defer { test.server.stop() }
        let connection = try RawConnection(port: test.port)
        try connection.send("GET /events?token=secret HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(StreamTests.wait { test.server.openConnections == 1 })
        stream.send(Array("data: last\n\n".utf8))
        stream.finish()
        let read = connection.read { String(decoding: $0, as: UTF8.self).hasSuffix("\r\n0\r\n\r\n") }
        #expect(String(decoding: read.bytes, as: UTF8.self).contains("data: last\n\n\r\n0\r\n\r\n"))
        #expect(!stream.send(Array("late".utf8)), "a finished stream took more")
        let lines = test.log.wait(for: 1)
        #expect(lines.map(\.path) == ["/events"] && lines.first?.status == 200)
    }

    /// A client that closes an idle (suspended) stream is seen at once: its connection closes
    /// and the stream ends, with nothing pushed.
    @Test func aClientThatLeavesEndsItsStream() throws {
        let group = HTTPStreamGroup()
        let test = try StreamTests.server(group)
        defer { test.server.stop() }
        var connection: RawConnection? = try StreamTests.open(test)
        #expect(StreamTests.wait { group.count == 1 && test.server.openConnections == 1 })
        connection = nil
        #expect(StreamTests.wait { test.server.openConnections == 0 }, "the idle stream's connection stayed open after its client left")
        #expect(group.count == 0)
        _ = connection
    }

    /// While its only stream is idle, no thread of the server wakes; a push wakes it.
    @Test func anIdleStreamCostsNoWakeups() throws {
        let group = HTTPStreamGroup()
        let test = try StreamTests.server(group)
        defer { test.server.stop() }
        let connection = try StreamTests.open(test)
        #expect(StreamTests.wait { group.count == 1 })
        group.send(ServerSentEvent(data: "settle"))
        _ = connection.read { String(decoding: $0, as: UTF8.self).contains("data: settle") }
        usleep(200_000)
        let before = try ThreadWakeups.count(port: test.port)
        #expect(before.threads == HTTPServer.defaultThreads + 1, "found \(before.threads) server threads")
        sleep(3)
        let after = try ThreadWakeups.count(port: test.port)
        #expect(after.switches == before.switches, "the server woke \(after.switches - before.switches) times in 3 s with an idle stream")
        group.send(ServerSentEvent(data: "wake"))
        _ = connection.read { String(decoding: $0, as: UTF8.self).contains("data: wake") }
        #expect(try ThreadWakeups.count(port: test.port).switches > after.switches, "a push woke nothing: the count sees no wake-up")
    }

    /// A client that reads nothing cannot make the server hold an unbounded backlog: past 1 MiB
    /// queued, sends are refused and the stream is cut.
    @Test func aClientThatDoesNotReadIsCut() throws {
        let group = HTTPStreamGroup()
        let test = try StreamTests.server(group)
        defer { test.server.stop() }
        let connection = try StreamTests.open(test)
        #expect(StreamTests.wait { group.count == 1 })
        let event = ServerSentEvent(data: String(repeating: "x", count: 64 * 1024))
        var pushed = 0
        while group.send(event) == 1, pushed < 1024 { pushed += 1 }
        #expect(pushed < 1024, "64 MiB were queued for a client that reads nothing")
        #expect(StreamTests.wait { test.server.openConnections == 0 })
        _ = connection
    }

    @Test func eventsAreFramed() {
        #expect(String(decoding: ServerSentEvent(data: "one").bytes, as: UTF8.self) == "data: one\n\n")
        #expect(String(decoding: ServerSentEvent(event: "a\nb", data: "x\r\ny\rz\n", id: "7").bytes, as: UTF8.self)
            == "event: a b\nid: 7\ndata: x\ndata: y\ndata: z\ndata: \n\n")
        #expect(String(decoding: ServerSentEvent.comment("hi\nthere"), as: UTF8.self) == ": hi there\n\n")
    }
}

import Foundation
import Glibc
import LoansHTTPServer
import LoansTestSupport
import Testing

/// Starting where the address is taken, and stopping gracefully: no new connections, open
/// streams ended, requests in flight let finish within the grace, then everything closed.
@Suite struct StopTests {
    @Test func aPortInUseIsATypedErrorNamingTheAddress() throws {
        let first = try TestServer()
        defer { first.server.stop() }
        let address = try HTTPListenAddress(parsing: "127.0.0.1:\(first.port)")
        #expect(throws: HTTPServerError.addressInUse(address)) { try TestServer(listen: "127.0.0.1:\(first.port)") }
        #expect(HTTPServerError.addressInUse(address).description == "cannot listen on 127.0.0.1:\(first.port): the address is already in use")
        #expect(throws: HTTPServerError.cannotListen(try HTTPListenAddress(parsing: "192.0.2.1:8742"), "Cannot assign requested address")) {
            try TestServer(listen: "192.0.2.1:8742")
        }
    }

    /// The server's threads block every signal, even when started from a thread that blocks
    /// none: SIGTERM goes to a thread of the program's own, which stops the server.
    @Test func theServersThreadsTakeNoSignal() throws {
        let made = Collected<TestServer>()
        let starter = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            if let server = try? TestServer() { made.append(server) }
        }
        starter.start()
        let test = try #require(made.wait(for: 1).first)
        defer { test.server.stop() }
        // Each thread names itself once it runs, which on a busy machine can be a while after start.
        var masks: [UInt64] = []
        #expect(StreamTests.wait {
            masks = (try? ThreadWakeups.blockedSignals(port: test.port)) ?? []
            return masks.count == HTTPServer.defaultThreads + 1
        }, "\(masks.count) threads named")
        #expect(masks.allSatisfy { $0 & (1 << (UInt64(SIGTERM) - 1)) != 0 && $0 & (1 << (UInt64(SIGINT) - 1)) != 0 }, "\(masks)")
    }

    /// A stop with a slow request in flight: new connections are refused at once, the open stream
    /// ends, the slow request is answered in full, and only then does the stop return.
    @Test func aStopLetsASlowRequestFinish() throws {
        let entered = DispatchSemaphore(value: 0)
        let stream = HTTPStream()
        let test = try TestServer { request in
            if request.rawPath == "/events" { return HTTPAnswer(status: 200, body: .stream(stream)) }
            entered.signal()
            usleep(1_500_000)
            return .text(200, "done")
        }
        let events = try RawConnection(port: test.port)
        try events.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(StreamTests.wait { stream.isOpen && test.server.openConnections == 1 })
        let slow = Collected<CurlAnswer>()
        DispatchQueue.global().async { if let answer = try? curl([test.base + "/slow"]) { slow.append(answer) } }
        #expect(entered.wait(timeout: .now() + 30) == .success)
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            test.server.stop()
            stopped.signal()
        }
        #expect(StreamTests.wait(10) { RawConnection.isRefused(port: test.port) }, "a stopping server still took connections")
        let ended = events.read { String(decoding: $0, as: UTF8.self).hasSuffix("\r\n0\r\n\r\n") }
        #expect(String(decoding: ended.bytes, as: UTF8.self).hasSuffix("\r\n0\r\n\r\n"), "the open stream did not end")
        #expect(stopped.wait(timeout: .now() + 30) == .success)
        let answers = slow.wait(for: 1)
        #expect(answers.first?.status == 200 && answers.first?.body == "done\n", "\(answers.map(\.body)) \(answers.map(\.run.err))")
        #expect(Set(test.log.all.map(\.path)) == ["/events", "/slow"])
    }

    /// A request whose body is still arriving when the stop begins is let finish within the
    /// grace, and is answered (telling the client to close).
    @Test func anUploadInFlightFinishesDuringTheGrace() throws {
        let test = try TestServer()
        let upload = try RawConnection(port: test.port)
        try upload.send("POST /x HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 10\r\n\r\nfive.")
        #expect(StreamTests.wait { test.server.openConnections == 1 })
        usleep(100_000)
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            test.server.stop()
            stopped.signal()
        }
        // The stop has begun once nothing listens: the rest of the upload arrives during its grace.
        #expect(StreamTests.wait { RawConnection.isRefused(port: test.port) }, "the server began to stop")
        try upload.send("more.")
        let answer = upload.answer()
        #expect(answer.hasPrefix("HTTP/1.1 200") && answer.contains("Connection: close") && answer.contains("body 10"), "\(answer)")
        #expect(stopped.wait(timeout: .now() + 30) == .success)
    }

    /// A request still arriving when the grace is over is cut, and the stop returns.
    @Test func aRequestPastTheGraceIsCut() throws {
        let test = try TestServer()
        let upload = try RawConnection(port: test.port)
        try upload.send("POST /x HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 100\r\n\r\nonly ten..")
        #expect(StreamTests.wait { test.server.openConnections == 1 })
        usleep(100_000)
        test.server.stop(grace: 1)
        #expect(upload.read(seconds: 30).closed)
        test.server.stop()  // again: nothing happens
    }

    /// A keep-alive connection left idle is closed by the stop; answers during the grace tell the
    /// client to close.
    @Test func idleConnectionsAreClosedByTheStop() throws {
        let test = try TestServer()
        let idle = try RawConnection(port: test.port)
        try idle.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(idle.status() == 200)
        test.server.stop()
        #expect(idle.read(seconds: 30).closed)
    }
}

import Foundation
import Glibc
import LoansHTTPServer
import LoansTestSupport
import Testing

/// Answers given later (`HTTPAnswer.later`): the handler returns at once, the answer comes from
/// another thread, and meanwhile the worker serves others — the connection is suspended, not
/// waited for. A stop answers what is still awaited, and the library is never stopped with a
/// connection suspended.
@Suite struct DeferredTests {
    /// A server of one worker whose `/later` is answered when the test says.
    static func server(_ awaited: Collected<HTTPDeferred>) throws -> TestServer {
        try TestServer(threads: 1) { request in
            guard request.rawPath.hasPrefix("/later") else { return TestServer.echo(request) }
            let deferred = HTTPDeferred()
            awaited.append(deferred)
            return .later(deferred)
        }
    }

    @Test func anAnswerGivenLaterIsSentWhileTheWorkerServesOthers() throws {
        let awaited = Collected<HTTPDeferred>()
        let test = try DeferredTests.server(awaited)
        defer { test.server.stop() }
        let waiting = try RawConnection(port: test.port)
        try waiting.send("GET /later HTTP/1.1\r\nHost: x\r\n\r\n")
        let deferred = try #require(awaited.wait(for: 1).first)
        // The one worker is free: another request is answered while /later waits.
        #expect(try curl([test.base + "/meanwhile"]).status == 200)
        DispatchQueue.global().async { deferred.answer(HTTPAnswer(status: 201, headers: [HTTPField("X-Later", "yes")], body: .bytes(Array("given".utf8)))) }
        let answer = String(decoding: waiting.read { String(decoding: $0, as: UTF8.self).hasSuffix("given") }.bytes, as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 201 ") && answer.contains("\r\nX-Later: yes\r\n"), "\(answer)")
        // Only the first answer counts, and the connection goes on serving.
        deferred.answer(.text(500, "again"))
        try waiting.send("GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let after = waiting.answer()
        #expect(after.hasPrefix("HTTP/1.1 200 ") && after.contains("path /after"), "\(after)")
        let lines = test.log.wait(for: 3)
        #expect(lines.map(\.path).sorted() == ["/after", "/later", "/meanwhile"] && lines.first { $0.path == "/later" }?.status == 201, "\(lines)")
    }

    /// An answer given before the handler has returned goes out at once, unsuspended.
    @Test func anAnswerGivenBeforeTheHandlerReturnsGoesOutAtOnce() throws {
        let test = try TestServer { _ in
            let deferred = HTTPDeferred()
            deferred.answer(.text(202, "already"))
            return .later(deferred)
        }
        defer { test.server.stop() }
        let answer = try curl([test.base + "/soon"])
        #expect(answer.status == 202 && answer.body == "already\n", "\(answer.body)")
    }

    /// A deferred answer's own answer cannot be deferred again: 500.
    @Test func anAnswerDeferredTwiceIsA500() throws {
        let test = try TestServer { _ in
            let deferred = HTTPDeferred()
            deferred.answer(.later(HTTPDeferred()))
            return .later(deferred)
        }
        defer { test.server.stop() }
        #expect(try curl([test.base + "/twice"]).status == 500)
    }

    /// A stop whose grace ends while an answer is still awaited answers it, closes its
    /// connection and returns (the library is not stopped with a connection suspended); the
    /// answer given afterwards goes nowhere.
    @Test func aStopAnswersWhatIsStillAwaited() throws {
        let awaited = Collected<HTTPDeferred>()
        let test = try DeferredTests.server(awaited)
        let waiting = try RawConnection(port: test.port)
        try waiting.send("GET /later HTTP/1.1\r\nHost: x\r\n\r\n")
        let deferred = try #require(awaited.wait(for: 1).first)
        test.server.stop(grace: 0.2)
        #expect(waiting.read(seconds: 30).closed, "the awaited connection stayed open")
        deferred.answer(.text(200, "too late"))
        #expect(test.server.openConnections == 0)
    }
}

import Foundation
import LoansCore
import LoansTestSupport
import LoansText
@testable import LoansWeb
import Testing

/// A document written over time (the API's, the calendar feed) holds its reader until its client
/// has taken the bytes; a page asked meanwhile is answered from the pages' own readers. (Both
/// from one pool, a page's worker thread waited for the reader the document held, while the
/// document waited for that worker to send: the server stood still.)
@Suite struct DocumentReaderTests {
    @Test func aPageDoesNotWaitForTheReaderADocumentHolds() throws {
        let web = TestFront(loans: Sample.loans, documentPool: true)
        try web.signIn()
        let cookies = web.cookies.map { WebField($0.key, $0.value) }
        guard case .written(let write) = web.front.handle(WebRequest(method: "GET", segments: ["api", "v1", "all"], cookies: cookies)).body else {
            Issue.record("the API's document is not written over time")
            return
        }
        let sink = HeldSink()
        Thread { try? write(sink) }.start()
        #expect(sink.held.wait(timeout: .now() + 30) == .success, "the document began")
        let answered = DispatchSemaphore(value: 0)
        let status = Collected()
        nonisolated(unsafe) let visitor = web  // used by that thread alone until it signals
        Thread {
            status.value = visitor.get("/").status
            answered.signal()
        }.start()
        let inTime = answered.wait(timeout: .now() + 10) == .success
        sink.release.signal()
        #expect(inTime, "the page waited for the document's reader")
        if !inTime { _ = answered.wait(timeout: .now() + 30) }
        #expect(status.value == 200)
    }
}

/// A sink whose first write signals `held` and then waits for `release`: a client that has not
/// taken the bytes yet.
final class HeldSink: ByteSink, @unchecked Sendable {
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    private var first = true

    func write(_ chunk: [UInt8]) throws {
        guard first else { return }
        first = false
        held.signal()
        _ = release.wait(timeout: .now() + 60)
    }
}

/// A value set on one thread and read on another, after a semaphore.
final class Collected: @unchecked Sendable {
    var value = 0
}

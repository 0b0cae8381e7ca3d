import Foundation
import Glibc
@testable import LoansHTTPServer
import Synchronization
import Testing

/// A writer of a long body waits for room (`HTTPStream.waitForRoom`) asleep until the client has
/// taken enough of what is queued, or the stream ended: it never runs ahead of a slow client
/// (which would cut the stream past its backlog), and never sleeps on after the client left.
@Suite struct StreamRoomTests {
    static let queued = 100 * 1024
    static let limit = 64 * 1024

    /// A body of 4 MiB, four times the backlog a stream keeps, written 16 KiB at a time as fast
    /// as the writer may, read by a client a kilobyte at a time: every byte arrives, and the stream
    /// is never cut for a backlog.
    @Test func aWriterNeverOutrunsASlowClient() {
        let stream = HTTPStream()
        let total = 4 * HTTPStream.backlogBytes
        let chunk = [UInt8](repeating: 120, count: 16 * 1024)
        let cut = Mutex(false)
        let thread = Thread {
            for _ in 0..<(total / chunk.count) {
                stream.waitForRoom(queuedAtMost: StreamRoomTests.limit)
                guard stream.send(chunk) else { return cut.withLock { $0 = true } }
            }
        }
        thread.start()
        var received = 0
        var buffer = [CChar](repeating: 0, count: 1024)
        let deadline = Date().addingTimeInterval(30)
        while received < total, !cut.withLock({ $0 }), Date() < deadline {
            let count = buffer.withUnsafeMutableBufferPointer { stream.read(into: $0.baseAddress!, capacity: $0.count) }
            if count > 0 { received += count } else { sched_yield() }  // nothing queued yet: the writer's turn
        }
        #expect(!cut.withLock { $0 }, "the writer ran ahead of the client and the stream was cut")
        #expect(received == total, "\(received) of \(total) bytes arrived")
    }

    @Test(arguments: ["finish", "hang-up", "release"])
    func aWriterWaitingIsWokenWhenTheStreamEnds(_ ending: String) {
        let stream = HTTPStream()
        #expect(stream.send([UInt8](repeating: 120, count: StreamRoomTests.queued)))
        let started = Mutex(false)
        let returned = Mutex(false)
        let thread = Thread {
            started.withLock { $0 = true }
            stream.waitForRoom(queuedAtMost: StreamRoomTests.limit)
            returned.withLock { $0 = true }
        }
        thread.start()
        #expect(StreamTests.wait { started.withLock { $0 } })
        switch ending {
        case "finish": stream.finish()
        case "hang-up": stream.hangUp()
        default: stream.release()
        }
        #expect(StreamTests.wait { returned.withLock { $0 } }, "a writer slept on after the stream ended (\(ending))")
    }
}

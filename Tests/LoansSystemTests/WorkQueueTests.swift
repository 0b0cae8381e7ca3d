import Foundation
import LoansSystem
import LoansTestSupport
import Testing

/// The work queue: at most its threads' worth of jobs run at once, a short list waits, anything
/// more is refused at once; a stop lets the running jobs finish and takes no more.
@Suite struct WorkQueueTests {
    /// Jobs that say when they start and run until the test lets them go.
    final class Gate: @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        let open = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var ran: [Int] = []

        func job(_ number: Int) -> @Sendable () -> Void {
            { [self] in
                lock.withLock { ran.append(number) }
                started.signal()
                open.wait()
            }
        }
    }

    @Test func twoRunThreeWaitTheSixthIsRefused() throws {
        let queue = try #require(WorkQueue(threads: 2, waiting: 3))
        let gate = Gate()
        for number in 1...5 { #expect(queue.submit(gate.job(number)), "job \(number)") }
        #expect(!queue.submit(gate.job(6)), "a sixth job was taken")
        for _ in 1...2 { #expect(gate.started.wait(timeout: .now() + 30) == .success) }
        #expect(gate.lock.withLock { gate.ran.sorted() } == [1, 2], "only the two oldest run while both threads are busy")
        gate.open.signal()  // one ends: the oldest waiting one starts, and a place is free
        #expect(gate.started.wait(timeout: .now() + 30) == .success)
        #expect(gate.lock.withLock { gate.ran.sorted() } == [1, 2, 3])
        #expect(queue.submit(gate.job(7)))
        for _ in 0..<3 { gate.open.signal() }
        for _ in 0..<3 { #expect(gate.started.wait(timeout: .now() + 30) == .success) }
        #expect(gate.lock.withLock { gate.ran.sorted() } == [1, 2, 3, 4, 5, 7])
        for _ in 0..<8 { gate.open.signal() }  // whatever else runs ends, so the stop returns
        queue.stop()
    }

    /// A stop waits for the running job, ends the threads, and takes no job after; the jobs
    /// that waited never start once it has begun (which of them started before is a race).
    @Test func aStopLetsTheRunningJobFinishThenTakesNoMore() throws {
        let queue = try #require(WorkQueue(threads: 1, waiting: 2))
        let gate = Gate()
        for number in 1...3 { #expect(queue.submit(gate.job(number))) }
        #expect(gate.started.wait(timeout: .now() + 30) == .success)
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            queue.stop()
            stopped.signal()
        }
        for _ in 1...3 { gate.open.signal() }
        #expect(stopped.wait(timeout: .now() + 30) == .success, "the stop did not return once the running job ended")
        let ran = gate.lock.withLock { gate.ran }
        #expect([[1], [1, 2], [1, 2, 3]].contains(ran), "\(ran)")
        #expect(!queue.submit(gate.job(4)))
        #expect(gate.lock.withLock { gate.ran } == ran, "a job ran after the stop returned")
    }
}

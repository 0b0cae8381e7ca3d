import Foundation
import Glibc
import LoansCore
import LoansSystem
import LoansWake
import Testing

/// One watcher, many listeners: a thread waits in the wake loop and publishes each change; every
/// listener waiting on the feed wakes for it, and one that has seen the newest waits for the next.
@Suite struct ChangeFeedTests {
    @Test func everyListenerWakesForOneChange() throws {
        let source = try WakeLoopTests.PipeSource()
        let loop = WakeLoop(today: Today(fixed: nil, window: .standard, clock: WakeLoopTests.MovableClock()), sources: [source], zoneFile: nil)
        let pump = try FeedPump(loop: loop)
        defer { pump.stop() }
        let feed = pump.feed
        #expect(feed.generation == 0)
        let listeners = 8
        let seen = Seen()
        for _ in 0..<listeners {
            Thread {
                seen.add(feed.wait(after: 0, timeoutMilliseconds: 300_000))
            }.start()
        }
        #expect(seen.count(within: 1) == 0, "nobody wakes before a change")
        try source.send("w")
        // Well before the listeners' own timeout: they woke for the change, not for the time.
        #expect(seen.count(within: 20, reaching: listeners) == listeners)
        #expect(seen.values.allSatisfy { $0 == 1 })
        #expect(feed.wait(after: 1, timeoutMilliseconds: 200) == 1, "a listener that saw the newest waits for the next")
        try source.send("w")
        #expect(feed.wait(after: 1, timeoutMilliseconds: 20_000) == 2)
    }

    @Test func aStoppedPumpEndsItsThread() throws {
        let loop = WakeLoop(today: Today(fixed: nil, window: .standard, clock: WakeLoopTests.MovableClock()), sources: [], zoneFile: nil)
        let pump = try FeedPump(loop: loop)
        pump.stop()
        pump.stop()
        #expect(pump.feed.generation == 0)
    }
}

/// What the listener threads saw, for the test's thread.
private final class Seen: @unchecked Sendable {
    private let lock = NSCondition()
    private var seen: [UInt64] = []

    var values: [UInt64] { lock.withLock { seen } }

    func add(_ value: UInt64) {
        lock.withLock {
            seen.append(value)
            lock.broadcast()
        }
    }

    /// How many have seen something after waiting up to `seconds` for `count` of them.
    func count(within seconds: Double, reaching count: Int = .max) -> Int {
        lock.withLock {
            let limit = Date().addingTimeInterval(seconds)
            while seen.count < count, lock.wait(until: limit) {}
            return seen.count
        }
    }
}

import Glibc
import LoansCore
import LoansSystem

/// Many listeners on one watcher: the feed a server's open pages wait on (the web front's live
/// updates). One thread waits in a wake loop for all of them (`FeedPump`) and publishes each
/// change: the generation goes up by one and every listener waiting for a newer one wakes. A
/// listener remembers the last generation it showed and asks for a newer one, so a change that
/// came while it was busy is never missed, and a burst it slept through is one wake-up.
package final class ChangeFeed: AgendaFeed, @unchecked Sendable {  // `count` is read and written only while `monitor` is held
    private let monitor = Monitor()
    private var count: UInt64 = 0

    package init() {}

    package var generation: UInt64 {
        monitor.locked { count }
    }

    /// A change: wakes every listener.
    package func publish() {
        monitor.locked {
            count += 1
            monitor.wakeAll()
        }
    }

    package func wait(after seen: UInt64, timeoutMilliseconds: Int?) -> UInt64 {
        let deadline = timeoutMilliseconds.map { MonotonicClock.milliseconds() + $0 }
        return monitor.locked {
            while count == seen, monitor.wait(until: deadline) {}
            return count
        }
    }
}

/// The one thread that waits in a wake loop on behalf of a feed's listeners: it publishes every
/// change the loop reports (a write, a new day) and ends when stopped. The loop is the pump's
/// alone from then on; the pump wakes it to stop through a `Nudge` it waits on as its input.
package final class FeedPump: @unchecked Sendable {
    package let feed: ChangeFeed
    private let loop: WakeLoop
    private let stopping: Nudge
    private var thread: SystemThread?

    /// Starts the thread; `loop` must not be waited on by anyone else.
    package init(loop: WakeLoop, feed: ChangeFeed = ChangeFeed()) throws(Errno) {
        self.loop = loop
        self.feed = feed
        stopping = try Nudge()
        guard let thread = SystemThread(named: "loans-feed", { self.pump() }) else { throw Errno(rawValue: EAGAIN) }
        self.thread = thread
    }

    /// Stops the thread and waits for it to end.
    package func stop() {
        guard let thread else { return }
        self.thread = nil
        stopping.nudge()
        thread.join()
    }

    private func pump() {
        while true {
            switch loop.next(input: stopping.descriptor.rawValue, output: nil, timeoutMilliseconds: nil) {
            case .answerMayHaveChanged: feed.publish()
            case .input: return
            case .resized, .outputClosed, .timeout: continue
            }
        }
    }
}

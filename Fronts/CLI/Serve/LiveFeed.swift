import LoansCore
import LoansSystem
import LoansWake
import Synchronization

/// What feeds every open page's live updates: the one wake loop over the store's wake source (a
/// database file's inotify, a server's LISTEN/NOTIFY, the midnight timer), waited in by its
/// `FeedPump` — the one watcher — which publishes each change to a `ChangeFeed`; and one listener
/// thread that waits on the feed and tells the web front, which sends one event to each page.
/// Idle, both sleep: nothing wakes until something changes. Make it before the server starts
/// its threads (the loop's signal mask must be in place first); `stop` ends both.
final class LiveFeed: Sendable {
    private let pump: FeedPump
    private let stopping = Mutex(false)

    init?(today: Today, source: any WakeSource, box: FrontBox) {
        guard let pump = try? FeedPump(loop: WakeLoop(today: today, sources: [source])) else { return nil }
        self.pump = pump
        let feed = pump.feed
        guard DetachedThread.start({ [self] in listen(feed, box) }) else {
            pump.stop()
            return nil
        }
    }

    /// Tells the front of each generation the feed publishes.
    private func listen(_ feed: ChangeFeed, _ box: FrontBox) {
        var seen = feed.generation
        while true {
            seen = feed.wait(after: seen, timeoutMilliseconds: nil)
            if stopping.withLock({ $0 }) { return }
            box.front?.changed()
        }
    }

    /// Ends the pump and the listener.
    func stop() {
        stopping.withLock { $0 = true }
        pump.stop()
        pump.feed.publish()  // wakes the listener, which sees it is stopping
    }
}

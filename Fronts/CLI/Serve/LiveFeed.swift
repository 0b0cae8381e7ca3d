import Glibc
import LoansCore
import LoansSystem
import LoansWake

/// What feeds every open page's live updates: the one wake loop over the store's wake source (a
/// database file's inotify, a server's LISTEN/NOTIFY, the midnight timer), waited in by its
/// `FeedPump` — the one watcher — which publishes each change to a `ChangeFeed`; and one listener
/// thread that waits on the feed and tells the web front, which sends one event to each page.
/// Idle, both sleep: nothing wakes until something changes. Make it before the server starts
/// its threads (the loop's signal mask must be in place first); `stop` ends both.
final class LiveFeed: @unchecked Sendable {  // `stopping` is written once by `stop`, under the feed's wait
    private let pump: FeedPump
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var stopping = false

    init?(today: Today, source: any WakeSource, box: FrontBox) {
        guard let pump = try? FeedPump(loop: WakeLoop(today: today, sources: [source])) else { return nil }
        self.pump = pump
        pthread_mutex_init(lock, nil)
        let feed = pump.feed
        guard DetachedThread.start({ [self] in listen(feed, box) }) else {
            pump.stop()
            return nil
        }
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    private var isStopping: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return stopping
    }

    /// Tells the front of each generation the feed publishes.
    private func listen(_ feed: ChangeFeed, _ box: FrontBox) {
        var seen = feed.generation
        while true {
            seen = feed.wait(after: seen, timeoutMilliseconds: nil)
            if isStopping { return }
            box.front?.changed()
        }
    }

    /// Ends the pump and the listener.
    func stop() {
        pthread_mutex_lock(lock)
        stopping = true
        pthread_mutex_unlock(lock)
        pump.stop()
        pump.feed.publish()  // wakes the listener, which sees it is stopping
    }
}

import Glibc
import LoansCore
import LoansSystem

/// Many listeners on one watcher: the feed a server's open pages wait on (the web front's live
/// updates). One thread waits in a wake loop for all of them (`FeedPump`) and publishes each
/// change: the generation goes up by one and every listener waiting for a newer one wakes. A
/// listener remembers the last generation it showed and asks for a newer one, so a change that
/// came while it was busy is never missed, and a burst it slept through is one wake-up.
package final class ChangeFeed: AgendaFeed, @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let published = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var count: UInt64 = 0

    package init() {
        pthread_mutex_init(lock, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(published, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(published)
        pthread_mutex_destroy(lock)
        published.deallocate()
        lock.deallocate()
    }

    package var generation: UInt64 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return count
    }

    /// A change: wakes every listener.
    package func publish() {
        pthread_mutex_lock(lock)
        count += 1
        pthread_cond_broadcast(published)
        pthread_mutex_unlock(lock)
    }

    package func wait(after seen: UInt64, timeoutMilliseconds: Int?) -> UInt64 {
        var limit = timespec()
        if let timeoutMilliseconds {
            clock_gettime(CLOCK_MONOTONIC, &limit)
            let nanoseconds = Int(limit.tv_nsec) + (timeoutMilliseconds % 1000) * 1_000_000
            limit.tv_sec += time_t(timeoutMilliseconds / 1000 + nanoseconds / 1_000_000_000)
            limit.tv_nsec = nanoseconds % 1_000_000_000
        }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while count == seen {
            if timeoutMilliseconds == nil {
                pthread_cond_wait(published, lock)
            } else if pthread_cond_timedwait(published, lock, &limit) == ETIMEDOUT {
                break
            }
        }
        return count
    }
}

/// The one thread that waits in a wake loop on behalf of a feed's listeners: it publishes every
/// change the loop reports (a write, a new day) and ends when stopped. The loop is the pump's
/// alone from then on; the pump wakes it to stop through a `Nudge` it waits on as its input.
package final class FeedPump: @unchecked Sendable {
    package let feed: ChangeFeed
    private let loop: WakeLoop
    private let stopping: Nudge
    private var thread: pthread_t?

    /// Starts the thread; `loop` must not be waited on by anyone else.
    package init(loop: WakeLoop, feed: ChangeFeed = ChangeFeed()) throws(Errno) {
        self.loop = loop
        self.feed = feed
        stopping = try Nudge()
        let started = Unmanaged.passRetained(self)
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { context in
            Unmanaged<FeedPump>.fromOpaque(context!).takeRetainedValue().pump()
            return nil
        }, started.toOpaque())
        guard code == 0 else {
            started.release()
            throw Errno(rawValue: code)
        }
        self.thread = thread
    }

    /// Stops the thread and waits for it to end.
    package func stop() {
        guard let thread else { return }
        self.thread = nil
        stopping.nudge()
        pthread_join(thread, nil)
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

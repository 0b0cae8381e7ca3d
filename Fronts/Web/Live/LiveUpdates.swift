import Glibc

/// The open `/events` streams of every page, and what tells them the loans may have changed: the
/// composition root calls `changed()` from the one thread that waits on the store's change feed
/// (a write by anyone, the CLI's too, or a new day), and each open page gets one `change` event
/// with the feed's generation. Nothing runs between changes: an idle server sends nothing and
/// wakes nobody.
package final class LiveUpdates: @unchecked Sendable {  // `streams` and `generation` are guarded by `lock`
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var streams: [any EventStream] = []
    private var generation: UInt64 = 0

    package init() {
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// Keeps a page's stream until it ends.
    func listen(_ stream: any EventStream) {
        locked { streams.append(stream) }
    }

    /// How many changes were told so far: a page made at one generation shows the store as it
    /// was then or later.
    package var current: UInt64 {
        locked { generation }
    }

    /// How many pages listen now.
    package var listeners: Int {
        locked {
            streams.removeAll { !$0.isOpen }
            return streams.count
        }
    }

    /// The loans may have changed: one event to every open page (streams that ended are dropped).
    /// Returns how many it reached.
    @discardableResult
    package func changed() -> Int {
        let (current, number) = locked {
            generation += 1
            return (streams, generation)
        }
        let reached = current.filter { $0.send(event: "change", data: String(number)) }.count
        locked { streams.removeAll { !$0.isOpen } }
        return reached
    }
}

import Glibc

/// A mutex for the server's shared state: the counts, the open streams, what each worker is asked
/// to do. The library's threads are loans' own (see `HTTPWorker`), so a plain pthread mutex is
/// all they need.
final class Lock: @unchecked Sendable {  // the mutex is the synchronisation
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

import Glibc

/// A mutex with a condition to wait on, for the few places where threads hand each other
/// something (a connection coming back to a pool, a connection attempt that finished): `locked`
/// runs a body while holding the mutex; `wait`, called inside it, sleeps until another thread
/// calls `wakeAll` or a moment on the monotonic clock passes. Waits are counted in milliseconds
/// of `CLOCK_MONOTONIC`, the clock of every deadline in loans, so setting the wall clock moves
/// none of them.
package final class Monitor: @unchecked Sendable {  // safe: pthread mutexes and conditions are made to be shared between threads, and these never move (heap-allocated, freed in deinit)
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    package func locked<T, E>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside `locked`: releases the mutex and sleeps until woken (or spuriously: callers wait in
    /// a loop on what they wait for) or until `deadline` — monotonic milliseconds; nil: no limit —
    /// has passed, then holds the mutex again. False once the deadline has passed.
    package func wait(until deadline: Int?) -> Bool {
        guard let deadline else {
            pthread_cond_wait(condition, mutex)
            return true
        }
        var moment = timespec(tv_sec: deadline / 1000, tv_nsec: (deadline % 1000) * 1_000_000)
        return pthread_cond_timedwait(condition, mutex, &moment) != ETIMEDOUT
    }

    /// Wakes every thread waiting in `wait`.
    package func wakeAll() {
        pthread_cond_broadcast(condition)
    }
}

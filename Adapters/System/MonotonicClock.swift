import Glibc

/// Milliseconds on the monotonic clock, for deadlines and back-offs that a change of the wall
/// clock cannot move.
package enum MonotonicClock {
    package static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }

    /// Sleeps the calling thread for about `milliseconds` (a poll's interval, where nothing
    /// can be waited on).
    package static func pause(milliseconds: Int) {
        usleep(useconds_t(milliseconds * 1000))
    }
}

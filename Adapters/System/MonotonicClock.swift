import Glibc

/// Milliseconds on the monotonic clock, for deadlines and back-offs that a change of the wall
/// clock cannot move.
package enum MonotonicClock {
    package static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }
}

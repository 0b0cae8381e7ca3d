import CLinux
import Glibc
import LoansSystem

/// A timer descriptor that becomes readable at the next local midnight, and also at once when
/// the wall clock is set (a jump forwards or back: `TFD_TIMER_CANCEL_ON_SET`), so the wake loop
/// sleeping on it looks at the day exactly when the day can have changed and never otherwise.
/// Re-armed after each wake-up; `arm()` again after the time zone changes.
final class MidnightTimer {
    /// The timer descriptor, or nil when the kernel refused one (the loop then looks at the day
    /// on its own schedule).
    let descriptor: FileDescriptor?

    init() {
        let number = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        descriptor = number >= 0 ? FileDescriptor(rawValue: number) : nil
        arm()
    }

    deinit {
        descriptor?.close()
    }

    /// Sets the timer to the next local midnight (read in the zone in force now).
    func arm() {
        guard let descriptor else { return }
        var spec = itimerspec(it_interval: timespec(), it_value: timespec(tv_sec: MidnightTimer.nextLocalMidnight(), tv_nsec: 0))
        timerfd_settime(descriptor.rawValue, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }

    /// Consumes the wake-up (an expiry, or the clock being set) and re-arms.
    func acknowledge() {
        var expirations: UInt64 = 0
        _ = try? withUnsafeMutableBytes(of: &expirations) { try descriptor?.read(into: $0) }
        arm()
    }

    /// The instant (seconds since the epoch) the next local day begins: the first second whose
    /// local date is after today's, as `mktime` resolves it (a midnight that a daylight-saving
    /// change skips resolves to the first hour that exists).
    static func nextLocalMidnight() -> time_t {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil else { return now + 3600 }
        local.tm_mday += 1
        local.tm_hour = 0
        local.tm_min = 0
        local.tm_sec = 0
        local.tm_isdst = -1
        let next = mktime(&local)
        return next > now ? next : now + 3600
    }
}

import Glibc
import LoansCore

/// Today's civil date in the process's time zone (`TZ`, else the system zone) via `localtime_r`,
/// and the UTC instant via `gmtime_r`: no Foundation, no ICU.
package struct SystemClock: Clock {
    package init() {}

    package func now() -> Now {
        var seconds = time(nil)
        var local = tm()
        var utc = tm()
        localtime_r(&seconds, &local)
        gmtime_r(&seconds, &utc)
        let today = SystemClock.date(local) ?? .earliest
        let utcDate = SystemClock.date(utc) ?? today
        let stamp = UTCTimestamp(date: utcDate, hour: Int(utc.tm_hour), minute: Int(utc.tm_min), second: Int(utc.tm_sec))
        return Now(today: today, utc: stamp)
    }

    package func wallTime(at instant: UTCTimestamp) -> WallTime {
        var seconds = time_t(instant.secondsSinceEpoch)
        var local = tm()
        guard localtime_r(&seconds, &local) != nil, let date = SystemClock.date(local) else {
            return WallTime(date: instant.date, hour: instant.hour, minute: instant.minute)
        }
        return WallTime(date: date, hour: Int(local.tm_hour), minute: Int(local.tm_min))
    }

    private static func date(_ parts: tm) -> CivilDate? {
        CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }
}

/// A UTC wall-clock reading with whole seconds, as the clock adapter broke it down.
package struct UTCTimestamp: Hashable, Sendable, CustomStringConvertible {
    package let date: CivilDate
    package let hour: Int
    package let minute: Int
    package let second: Int

    /// Values outside a clock's range are clamped into it (a leap second reads as :59).
    package init(date: CivilDate, hour: Int, minute: Int, second: Int) {
        self.date = date
        self.hour = min(max(hour, 0), 23)
        self.minute = min(max(minute, 0), 59)
        self.second = min(max(second, 0), 59)
    }

    /// Reads exactly what `description` writes: `YYYY-MM-DDTHH:MM:SSZ`.
    package init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
              let date = CivilDate(iso: String(decoding: bytes[0..<10], as: UTF8.self))
        else { return nil }
        func two(_ at: Int) -> Int? {
            let (high, low) = (Int(bytes[at]) - 48, Int(bytes[at + 1]) - 48)
            return (0...9).contains(high) && (0...9).contains(low) ? high * 10 + low : nil
        }
        guard let hour = two(11), hour < 24, let minute = two(14), minute < 60, let second = two(17), second < 60 else { return nil }
        self.init(date: date, hour: hour, minute: minute, second: second)
    }

    /// The instant `seconds` after 1970-01-01T00:00:00Z (the stores' instants); nil outside the
    /// calendar's years.
    package init?(secondsSinceEpoch seconds: Int64) {
        let (days, rest) = (seconds.quotientAndRemainder(dividingBy: 86_400))
        let (day, time) = rest < 0 ? (days - 1, rest + 86_400) : (days, rest)
        guard let epoch = CivilDate(year: 1970, month: 1, day: 1), let whole = Int(exactly: day), let date = epoch.adding(days: whole) else { return nil }
        self.init(date: date, hour: Int(time / 3600), minute: Int(time % 3600 / 60), second: Int(time % 60))
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    package var secondsSinceEpoch: Int64 {
        let days = Int64(date.days(since: CivilDate(year: 1970, month: 1, day: 1) ?? .earliest))
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// RFC 3339 UTC with whole seconds and `Z`: `2026-11-29T11:40:00Z`.
    package var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date.iso)T\(two(hour)):\(two(minute)):\(two(second))Z"
    }
}

/// The moment a request starts: its civil date and the UTC instant, read once.
package struct Now: Hashable, Sendable {
    /// The civil date in the process's time zone (or the `--today` override).
    package let today: CivilDate
    /// The instant, in UTC.
    package let utc: UTCTimestamp

    package init(today: CivilDate, utc: UTCTimestamp) {
        self.today = today
        self.utc = utc
    }
}

/// A reading of the wall clock in the process's time zone, to the minute (for showing instants).
package struct WallTime: Hashable, Sendable, CustomStringConvertible {
    package let date: CivilDate
    package let hour: Int
    package let minute: Int

    package init(date: CivilDate, hour: Int, minute: Int) {
        self.date = date
        self.hour = hour
        self.minute = minute
    }

    /// `2026-11-30 10:02`.
    package var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date.iso) \(two(hour)):\(two(minute))"
    }
}

/// Where the time is read: the system clock in production, a stopped one in tests and fuzzing.
/// Only `Today` asks it for now, so "which day is it" has one answer per reading.
package protocol Clock {
    func now() -> Now

    /// An instant on the wall clock of the process's time zone (the system clock uses `TZ`).
    func wallTime(at instant: UTCTimestamp) -> WallTime
}

extension Clock {
    /// Clocks that know no time zone show instants in UTC.
    package func wallTime(at instant: UTCTimestamp) -> WallTime {
        WallTime(date: instant.date, hour: instant.hour, minute: instant.minute)
    }
}

/// A clock that always reads the same moment.
package struct StoppedClock: Clock, Sendable {
    package let moment: Now

    package init(_ moment: Now) {
        self.moment = moment
    }

    package func now() -> Now { moment }
}

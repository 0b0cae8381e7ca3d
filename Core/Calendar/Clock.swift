/// A UTC wall-clock reading with whole seconds, as the clock adapter broke it down.
public struct UTCTimestamp: Hashable, Sendable, CustomStringConvertible {
    public let date: CivilDate
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// Values outside a clock's range are clamped into it (a leap second reads as :59).
    public init(date: CivilDate, hour: Int, minute: Int, second: Int) {
        self.date = date
        self.hour = min(max(hour, 0), 23)
        self.minute = min(max(minute, 0), 59)
        self.second = min(max(second, 0), 59)
    }

    /// RFC 3339 UTC with whole seconds and `Z`: `2026-11-29T11:40:00Z`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date.iso)T\(two(hour)):\(two(minute)):\(two(second))Z"
    }
}

/// The moment a request starts: its civil date and the UTC instant, read once.
public struct Now: Hashable, Sendable {
    /// The civil date in the process's time zone (or the `--today` override).
    public let today: CivilDate
    /// The instant, in UTC.
    public let utc: UTCTimestamp

    public init(today: CivilDate, utc: UTCTimestamp) {
        self.today = today
        self.utc = utc
    }
}

/// Where the time is read: the system clock in production, a stopped one in tests and fuzzing.
/// Only `Today` asks it, so "which day is it" has one answer per reading.
public protocol Clock {
    func now() -> Now
}

/// A clock that always reads the same moment.
public struct StoppedClock: Clock, Sendable {
    public let moment: Now

    public init(_ moment: Now) {
        self.moment = moment
    }

    public func now() -> Now { moment }
}

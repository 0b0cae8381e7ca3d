/// A day of the week (ISO order, Monday first).
package enum Weekday: Int, Hashable, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The English name in lower case, as typed in a date (`friday`, or its first three letters).
    package var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }
}

extension CivilDate {
    /// The day of the week: 0001-01-01, day 0, was a Monday on the proleptic Gregorian calendar.
    package var weekday: Weekday {
        Weekday(rawValue: dayNumber % 7) ?? .monday
    }
}

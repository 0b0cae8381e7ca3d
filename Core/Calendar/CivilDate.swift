/// A day on the proleptic Gregorian calendar, 0001-01-01 through 9999-12-31; never an instant.
///
/// Stored as a count of days since 0001-01-01 so that comparison and day
/// arithmetic are plain integer operations; year, month and day are derived.
package struct CivilDate: Hashable, Comparable, Sendable {
    /// Days since 0001-01-01 (which is day 0).
    package let dayNumber: Int

    /// The first day loans can represent.
    package static let earliest = CivilDate(uncheckedDayNumber: 0)
    /// The last day loans can represent.
    package static let latest = CivilDate(uncheckedDayNumber: CivilDate.daysFromCivil(9999, 12, 31))

    init(uncheckedDayNumber: Int) {
        dayNumber = uncheckedDayNumber
    }

    /// The date with this day number, or nil outside 0001-01-01…9999-12-31.
    package init?(dayNumber: Int) {
        guard dayNumber >= 0, dayNumber <= CivilDate.latest.dayNumber else { return nil }
        self.dayNumber = dayNumber
    }

    /// The date for a year, month and day, or nil when no such day exists.
    package init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CivilDate.daysIn(month: month, of: year)
        else { return nil }
        dayNumber = CivilDate.daysFromCivil(year, month, day)
    }

    package var year: Int { components.year }
    package var month: Int { components.month }
    package var day: Int { components.day }

    /// Year, month and day, computed from the day number.
    package var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days, shifted so that day 0 is 0001-01-01.
        let z = dayNumber + 306
        let era = z / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (y, m, d)
    }

    /// The date `days` later (earlier when negative), or nil when it would leave the calendar.
    package func adding(days: Int) -> CivilDate? {
        let (sum, overflow) = dayNumber.addingReportingOverflow(days)
        return overflow ? nil : CivilDate(dayNumber: sum)
    }

    /// The date `months` later, clamped to the last day of the target month
    /// (Jan 31 + 1 month = Feb 28 or 29), or nil when it would leave the calendar.
    package func adding(months: Int) -> CivilDate? {
        let (y, m, d) = components
        let (index, overflow) = (y * 12 + (m - 1)).addingReportingOverflow(months)
        guard !overflow else { return nil }
        let year = index >= 0 ? index / 12 : -1
        let month = index - year * 12 + 1
        guard (1...9999).contains(year) else { return nil }
        return CivilDate(year: year, month: month, day: min(d, CivilDate.daysIn(month: month, of: year)))
    }

    /// Whole days from `other` to `self` (positive when `self` is later).
    package func days(since other: CivilDate) -> Int {
        dayNumber - other.dayNumber
    }

    package static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days_from_civil, shifted so that 0001-01-01 is day 0.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 306
    }
}

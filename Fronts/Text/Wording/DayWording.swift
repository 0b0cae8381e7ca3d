import LoansCore

/// A day as a person reads it in a sentence: `Thu 3 Dec`, with the year when it is not the
/// year of `today` (`Fri 7 Jan 2028`) — and where it stands from today: `due Thu 3 Dec, 2 days
/// overdue`, `due today, Sun 29 Nov`, `due Sat 12 Dec, in 13 days`.
package enum DayWording {
    package static func day(_ date: CivilDate, today: CivilDate) -> String {
        let short = "\(LoanWording.weekday(date)) \(date.day) \(month(date.month))"
        return date.year == today.year ? short : "\(short) \(date.year)"
    }

    /// A day with its year, whatever today is: `Thu 3 Dec 2026` (for a message read some other
    /// day, or kept).
    package static func fullDay(_ date: CivilDate) -> String {
        "\(LoanWording.weekday(date)) \(date.day) \(month(date.month)) \(date.year)"
    }

    /// `Jan` … `Dec`.
    static func month(_ month: Int) -> String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(month - 1) % 12]
    }

    /// When an open loan is due, as a sentence's end.
    package static func due(_ item: LoanStanding, today: CivilDate) -> String {
        let day = day(item.loan.dueOn, today: today)
        switch item.daysUntilDue ?? 0 {
        case 0: return "due today, \(day)"
        case 1: return "due tomorrow, \(day)"
        case let days where days > 1: return "due \(day), in \(days) days"
        case -1: return "due \(day), 1 day overdue"
        case let days: return "due \(day), \(days.magnitude) days overdue"
        }
    }
}

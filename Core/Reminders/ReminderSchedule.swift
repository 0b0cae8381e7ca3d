/// When reminders come: lead times (days before the due date) and how often an overdue loan is
/// reminded again. Leads are kept ascending, each once; an empty list means overdue reminders
/// only.
package struct ReminderSchedule: Hashable, Sendable {
    /// Days before the due date, ascending, each once.
    package let leads: [Int]
    /// Days between two reminders of an overdue loan (K ≥ 1).
    package let overdueEvery: Int

    /// 3, 1 and 0 days ahead, then once a week while overdue.
    package static let standard = ReminderSchedule(uncheckedLeads: [0, 1, 3], overdueEvery: 7)
    /// The largest lead or interval accepted (a hundred years of days, as the due-soon window).
    package static let maximumDays = DueWindow.maximumDays

    init(uncheckedLeads: [Int], overdueEvery: Int) {
        leads = uncheckedLeads
        self.overdueEvery = overdueEvery
    }

    /// A schedule, or nil when a lead is negative or the interval below 1 (either beyond
    /// `maximumDays`). Leads are sorted and deduplicated.
    package init?(leads: [Int], overdueEvery: Int) {
        let range = 0...ReminderSchedule.maximumDays
        guard leads.allSatisfy(range.contains), (1...ReminderSchedule.maximumDays).contains(overdueEvery) else { return nil }
        self.leads = Array(Set(leads)).sorted()
        self.overdueEvery = overdueEvery
    }

    /// The same interval with other leads (nil when a lead is out of range).
    package func with(leads: [Int]) -> ReminderSchedule? {
        ReminderSchedule(leads: leads, overdueEvery: overdueEvery)
    }

    /// The same leads with another interval (nil when it is out of range).
    package func with(overdueEvery: Int) -> ReminderSchedule? {
        ReminderSchedule(leads: leads, overdueEvery: overdueEvery)
    }

    /// A loan's reminder level when it is due in `days` (negative: overdue): the smallest lead
    /// L ≥ days when days ≥ 0 (none when days is beyond every lead); overdue, week
    /// ⌊(−days−1)/K⌋, which begins 1, 1+K, 1+2K … days after the due date.
    package func level(daysUntilDue days: Int) -> ReminderLevel? {
        guard days < 0 else { return leads.first { $0 >= days }.map(ReminderLevel.init(days:)) }
        let week = (-days - 1) / overdueEvery
        return ReminderLevel(days: -(1 + week * overdueEvery))
    }

    /// The furthest ahead a loan can be reminded (nil with no leads: overdue loans only).
    package var reach: Int? { leads.last }

    /// The latest due date a loan may have and be reminded of today: the furthest lead's day,
    /// or, with no lead, yesterday (overdue loans only); nil when there is none.
    package func lastDueDay(_ today: CivilDate) -> CivilDate? {
        reach.map { today.adding(days: $0) ?? .latest } ?? today.adding(days: -1)
    }

    /// Reads a list of days as typed (`--lead 7,2,0`, `--alarms 3,1,0`): whole numbers 0…36500
    /// separated by commas; the empty text is the empty list. Nil for anything else.
    package static func days(parsing text: String) -> [Int]? {
        guard !text.isEmpty else { return [] }
        var days: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = number(part), value <= maximumDays else { return nil }
            days.append(value)
        }
        return days
    }

    /// Reads an interval as typed (`--overdue-every 7`): a whole number 1…36500.
    package static func interval(parsing text: String) -> Int? {
        guard let value = number(Substring(text)), (1...maximumDays).contains(value) else { return nil }
        return value
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 6, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}

/// How urgent a reminder is, as a number of days: a lead (days before the due date), or, for an
/// overdue loan, minus the days overdue at which its overdue week began (−1, −8, −15 … with a
/// weekly interval). Fewer days is more urgent; the reminders' sent-state is kept in these
/// days, so changing the leads or the interval never skips or repeats a reminder.
package struct ReminderLevel: Hashable, Sendable, CustomStringConvertible {
    package let days: Int

    package init(days: Int) {
        self.days = days
    }

    package var isOverdue: Bool { days < 0 }

    /// Whether this level is more urgent than `other`.
    package func isMoreUrgent(than other: ReminderLevel) -> Bool {
        days < other.days
    }

    package var description: String { String(days) }
}

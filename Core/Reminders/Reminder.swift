/// One loan to remind of, at the level it has reached today.
public struct Reminder: Hashable, Sendable {
    public let loan: Loan
    /// Days from today to the due date (negative: overdue). Fronts word this, not the level.
    public let daysUntilDue: Int
    public let level: ReminderLevel

    public init(loan: Loan, daysUntilDue: Int, level: ReminderLevel) {
        self.loan = loan
        self.daysUntilDue = daysUntilDue
        self.level = level
    }

    public var isOverdue: Bool { daysUntilDue < 0 }

    /// What the ledger keeps of it.
    public var sent: SentReminder {
        SentReminder(key: ReminderKey(loan: loan.id, dueOn: loan.dueOn), level: level)
    }
}

/// The reminders of one run, sent together: overdue loans first (earliest due date first), then
/// the others (fewest days first), each group by id within a day — the agenda's order.
public struct ReminderDigest: Hashable, Sendable {
    public let today: CivilDate
    public let reminders: [Reminder]

    public init(today: CivilDate, reminders: [Reminder]) {
        self.today = today
        self.reminders = reminders
    }

    public var isEmpty: Bool { reminders.isEmpty }

    /// How many of its loans are overdue.
    public var overdueCount: Int { reminders.count(where: \.isOverdue) }

    /// How many of its loans are not overdue yet.
    public var dueSoonCount: Int { reminders.count - overdueCount }
}

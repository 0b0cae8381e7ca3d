/// One loan to remind of, at the level it has reached today.
package struct Reminder: Hashable, Sendable {
    package let loan: Loan
    /// Days from today to the due date (negative: overdue). Fronts word this, not the level.
    package let daysUntilDue: Int
    package let level: ReminderLevel

    package init(loan: Loan, daysUntilDue: Int, level: ReminderLevel) {
        self.loan = loan
        self.daysUntilDue = daysUntilDue
        self.level = level
    }

    package var isOverdue: Bool { daysUntilDue < 0 }

    /// What the ledger keeps of it.
    package var sent: SentReminder {
        SentReminder(key: ReminderKey(loan: loan.id, dueOn: loan.dueOn), level: level)
    }
}

/// The reminders of one run, sent together: overdue loans first (earliest due date first), then
/// the others (fewest days first), each group by id within a day — the agenda's order.
package struct ReminderDigest: Hashable, Sendable {
    package let today: CivilDate
    package let reminders: [Reminder]

    package init(today: CivilDate, reminders: [Reminder]) {
        self.today = today
        self.reminders = reminders
    }

    package var isEmpty: Bool { reminders.isEmpty }

    /// How many of its loans are overdue.
    package var overdueCount: Int { reminders.count(where: \.isOverdue) }

    /// How many of its loans are not overdue yet.
    package var dueSoonCount: Int { reminders.count - overdueCount }
}

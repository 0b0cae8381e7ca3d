/// Reminders due: which open loans to remind `recipient` of today, by `schedule`. A reminder is
/// due when the loan's level today is more urgent than every level reminded for the same due
/// date on today or before, so each fires at most once; a missed day catches up with the most
/// urgent level only; a renewal (a new due date) re-arms the reminders; returned loans are never
/// reminded; a day that once read far ahead silences nothing later.
package struct RemindersDue {
    let store: any LoanReading
    let ledger: any ReminderLedger
    let schedule: ReminderSchedule
    /// Whom the reminders go to: each recipient has their own sent-state.
    let recipient: ReminderRecipient
    /// How a run waits for the lock, and how long it may hold it silent.
    let lock: ReminderLockTimes

    /// How many keys one question to the ledger carries.
    static let batch = 512

    package init(
        store: any LoanReading, ledger: any ReminderLedger, schedule: ReminderSchedule, recipient: ReminderRecipient, lock: ReminderLockTimes
    ) {
        self.store = store
        self.ledger = ledger
        self.schedule = schedule
        self.recipient = recipient
        self.lock = lock
    }

    /// The digest due today; nothing is recorded (a dry run).
    package func digest(_ today: CivilDate) throws -> ReminderDigest {
        guard let last = schedule.lastDueDay(today) else { return ReminderDigest(today: today, reminders: []) }
        var due: [Reminder] = []
        var pending: [Reminder] = []
        func settle() throws {
            let reminded = try ledger.remindedLevels(to: recipient, for: pending.map(\.sent.key), sentBy: today)
            due += pending.filter { reminder in
                reminded[reminder.sent.key].map { reminder.level.isMoreUrgent(than: $0) } ?? true
            }
            pending.removeAll(keepingCapacity: true)
        }
        try store.snapshot {
            try store.openLoans(due: DueRange(from: nil, through: last), beyond: nil, descending: false, limit: nil) { loan in
                let days = loan.dueOn.days(since: today)
                guard let level = schedule.level(daysUntilDue: days) else { return }
                pending.append(Reminder(loan: loan, daysUntilDue: days, level: level))
                if pending.count == RemindersDue.batch { try settle() }
            }
            try settle()
        }
        return ReminderDigest(today: today, reminders: due)
    }

    /// Sends the digest due today: under the ledger's lock (so two runs never send the same
    /// reminder; a run that waits past `lock`'s wait throws `ReminderLockBusy` and sends nothing),
    /// works it out, hands it to `deliver` when it is not empty — outside any write of a loan —
    /// and records it as sent today at `instant` only once `deliver` returned. A delivery that
    /// throws records nothing, so the next run tries again.
    @discardableResult
    package func send(_ today: CivilDate, at instant: UTCTimestamp, deliver: (ReminderDigest) throws -> Void) throws -> ReminderDigest {
        try ledger.exclusively(lock) {
            let digest = try self.digest(today)
            guard !digest.isEmpty else { return digest }
            try deliver(digest)
            try ledger.recordReminded(digest.reminders.map(\.sent), to: recipient, on: today, at: instant)
            return digest
        }
    }
}

/// Which reminders went out: the sent-state of the reminders, per loan and due date.
package struct ReminderKey: Hashable, Sendable {
    package let loan: LoanID
    /// The due date the reminder was about; a renewal moves the loan to a new key (re-armed).
    package let dueOn: CivilDate

    package init(loan: LoanID, dueOn: CivilDate) {
        self.loan = loan
        self.dueOn = dueOn
    }
}

/// A reminder as the ledger records it: its key and level.
package struct SentReminder: Hashable, Sendable {
    package let key: ReminderKey
    package let level: ReminderLevel

    package init(key: ReminderKey, level: ReminderLevel) {
        self.key = key
        self.level = level
    }
}

/// What a reader of the store may ask the reminders' ledger: when each recipient was last
/// reminded of anything (a page that shows the people you deal with says it).
package protocol ReminderReading {
    /// The newest instant anything was recorded as reminded to each of `recipients`; a recipient
    /// never reminded is left out.
    func lastReminded(to recipients: [ReminderRecipient]) throws -> [ReminderRecipient: UTCTimestamp]
}

/// The reminders' port: what was reminded to whom, and a lock that lets one run at a time
/// decide, deliver and record. Stores implement it beside `LoanReading`; recording a reminder is
/// not a change of a loan, so it never enters the history.
package protocol ReminderLedger: ReminderReading {
    /// Runs `body` while holding the store's reminder lock, which one run at a time holds across
    /// every process using the store, released however `body` ends. A run waits for it at most
    /// `times.waitMilliseconds`, then throws `ReminderLockBusy` without running `body`; only those
    /// who may record reminders can take it.
    func exclusively<T>(_ times: ReminderLockTimes, _ body: () throws -> T) throws -> T

    /// The most urgent level reminded to `recipient` for each key that has one, counting only
    /// the reminders sent on `today` or before: a run whose clock once read far ahead silences
    /// nothing when the clock is right again.
    func remindedLevels(to recipient: ReminderRecipient, for keys: [ReminderKey], sentBy today: CivilDate) throws
        -> [ReminderKey: ReminderLevel]

    /// Records reminders as sent to `recipient` on `today` (the run's day) at `instant`, in one
    /// short transaction. Recording one that is already recorded keeps the earlier of the two days.
    func recordReminded(_ reminders: [SentReminder], to recipient: ReminderRecipient, on today: CivilDate, at instant: UTCTimestamp) throws
}

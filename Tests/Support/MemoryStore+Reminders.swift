import Glibc
import LoansCore

/// The memory store's identity, loans' revisions and reminders' ledger: the same answers as every
/// store (sent-state per recipient, loan, due date and level; one run at a time through a lock).
extension MemoryStore: ReminderLedger {
    package func revision(of loan: LoanID) throws -> LoanRevision? {
        try check()
        let touching = changes.filter { $0.deltas[loan] != nil }
        guard let last = touching.last else { return nil }
        return LoanRevision(changeCount: touching.count, lastChanged: last.change.at)
    }

    package func databaseIdentity() throws -> String? {
        try check()
        return identity
    }

    package func exclusively<T>(_ body: () throws -> T) throws -> T {
        try check()
        pthread_mutex_lock(reminderLock)
        defer { pthread_mutex_unlock(reminderLock) }
        return try body()
    }

    package func remindedLevels(to recipient: String, for keys: [ReminderKey]) throws -> [ReminderKey: ReminderLevel] {
        try check()
        var levels: [ReminderKey: ReminderLevel] = [:]
        for key in keys {
            if let sent = reminded[recipient]?[key]?.min() { levels[key] = ReminderLevel(days: sent) }
        }
        return levels
    }

    package func recordReminded(_ reminders: [SentReminder], to recipient: String, at instant: UTCTimestamp) throws {
        try check()
        for reminder in reminders {
            reminded[recipient, default: [:]][reminder.key, default: []].insert(reminder.level.days)
        }
    }
}

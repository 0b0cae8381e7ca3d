import Glibc
import LoansCore

/// The memory store's identity, loans' revisions and reminders' ledger: the same answers as every
/// store (sent-state per recipient, loan, due date and level, counting the days sent by today;
/// one run at a time through a lock, which a run waits for within its wait).
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

    package func exclusively<T>(_ times: ReminderLockTimes, _ body: () throws -> T) throws -> T {
        try check()
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + (times.waitMilliseconds % 1000) * 1_000_000
        deadline.tv_sec += times.waitMilliseconds / 1000 + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        guard pthread_mutex_timedlock(reminderLock, &deadline) == 0 else {
            let holder = reminderHolder.map { ReminderLockHolder.process(id: getpid(), who: $0, since: nil, stopped: false) }
            throw ReminderLockBusy(store: "the memory store", waitedMilliseconds: times.waitMilliseconds, holder: holder)
        }
        reminderHolder = author
        defer {
            reminderHolder = nil
            pthread_mutex_unlock(reminderLock)
        }
        return try body()
    }

    package func remindedLevels(to recipient: ReminderRecipient, for keys: [ReminderKey], sentBy today: CivilDate) throws -> [ReminderKey: ReminderLevel] {
        try check()
        var levels: [ReminderKey: ReminderLevel] = [:]
        for key in keys {
            if let sent = reminded[recipient]?[key]?.filter({ $0.value <= today }).keys.min() { levels[key] = ReminderLevel(days: sent) }
        }
        return levels
    }

    package func lastReminded(to recipients: [ReminderRecipient]) throws -> [ReminderRecipient: UTCTimestamp] {
        try check()
        var last: [ReminderRecipient: UTCTimestamp] = [:]
        for recipient in recipients {
            let instants = remindedAt[recipient]?.values.flatMap(\.values) ?? []
            last[recipient] = instants.max { $0.secondsSinceEpoch < $1.secondsSinceEpoch }
        }
        return last
    }

    package func recordReminded(_ reminders: [SentReminder], to recipient: ReminderRecipient, on today: CivilDate, at instant: UTCTimestamp) throws {
        try check()
        for reminder in reminders {
            let kept = reminded[recipient]?[reminder.key]?[reminder.level.days]
            if kept.map({ today < $0 }) ?? true { remindedAt[recipient, default: [:]][reminder.key, default: [:]][reminder.level.days] = instant }
            let earlier = kept.map { min($0, today) } ?? today
            reminded[recipient, default: [:]][reminder.key, default: [:]][reminder.level.days] = earlier
        }
    }
}

import LoansCore

/// The reminders' ledger in the database (`reminder_sent`: per recipient, loan, due date and
/// level, with the day each was sent for), and the lock that serialises `loans remind` runs:
/// `FileLock` on `loans.db.reminders-lock` beside the file the database's path resolves to,
/// since a run holds it across a delivery that happens outside any transaction.
extension SQLiteLoanStore: ReminderLedger {
    func exclusively<T>(_ times: ReminderLockTimes, _ body: () throws -> T) throws -> T {
        guard let author else { throw StoreError(.readOnly, "database \(Quoted(connection.path)) was opened for reading") }
        let lock = try FileLock(beside: connection.path, suffix: LoanDatabase.reminderLockSuffix)
        return try lock.exclusively(waitingAtMost: times.waitMilliseconds, note: LockNote(who: author.name, since: author.clock.now().utc), body)
    }

    func remindedLevels(to recipient: ReminderRecipient, for keys: [ReminderKey], sentBy today: CivilDate) throws -> [ReminderKey: ReminderLevel] {
        guard !keys.isEmpty, try keepsReminders() else { return [:] }
        return try sqlite {
            // A file from before the day was kept (a dry run reads it as it is) counts every reminder.
            let sentOn = try keepsSentDays() ? " AND sent_on <= ?4" : ""
            let statement = try connection.statement(
                "SELECT min(level_days) FROM reminder_sent WHERE recipient = ?1 AND loan_id = ?2 AND due_on = ?3" + sentOn
            )
            var levels: [ReminderKey: ReminderLevel] = [:]
            for key in keys {
                statement.reset()
                try statement.bind(
                    [.text(recipient.ledgerKey), .integer(key.loan.rawValue), .text(key.dueOn.iso)] + (sentOn.isEmpty ? [] : [.text(today.iso)])
                )
                if try statement.step(), !statement.isNull(0) { levels[key] = ReminderLevel(days: Int(statement.int64(0))) }
            }
            statement.reset()
            return levels
        }
    }

    func recordReminded(_ reminders: [SentReminder], to recipient: ReminderRecipient, on today: CivilDate, at instant: UTCTimestamp) throws {
        guard author != nil else { throw StoreError(.readOnly, "database \(Quoted(connection.path)) was opened for reading") }
        try sqlite {
            try connection.transaction(immediate: true) {
                // Sent again on an earlier day than recorded (the record's day read ahead): the
                // earlier day counts from now on.
                let statement = try connection.statement("""
                    INSERT INTO reminder_sent (recipient, loan_id, due_on, level_days, sent_at, sent_on) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                    ON CONFLICT (recipient, loan_id, due_on, level_days) DO UPDATE SET sent_on = excluded.sent_on, sent_at = excluded.sent_at
                    WHERE excluded.sent_on < reminder_sent.sent_on
                    """)
                for reminder in reminders {
                    statement.reset()
                    try statement.bind([
                        .text(recipient.ledgerKey), .integer(reminder.key.loan.rawValue), .text(reminder.key.dueOn.iso),
                        .integer(Int64(reminder.level.days)), .text(instant.description), .text(today.iso),
                    ])
                    try statement.run()
                }
            }
        }
    }

    func lastReminded(to recipients: [ReminderRecipient]) throws -> [ReminderRecipient: UTCTimestamp] {
        guard !recipients.isEmpty, try keepsReminders() else { return [:] }
        return try sqlite {
            // The key's first column is the recipient: each is a range of the primary key. Instants
            // are kept as `YYYY-MM-DDTHH:MM:SSZ`, whose order is their text's.
            let statement = try connection.statement("SELECT max(sent_at) FROM reminder_sent WHERE recipient = ?1")
            var last: [ReminderRecipient: UTCTimestamp] = [:]
            for recipient in recipients {
                statement.reset()
                try statement.bind([.text(recipient.ledgerKey)])
                guard try statement.step(), !statement.isNull(0) else { continue }
                guard let instant = statement.string(0).flatMap(UTCTimestamp.init(rfc3339:)) else {
                    statement.reset()
                    throw StoreError(.unavailable, "a reminder's sent-state is malformed in database \(Quoted(connection.path))")
                }
                last[recipient] = instant
            }
            statement.reset()
            return last
        }
    }

    /// Whether the file has the reminders' table (a reader may open an older schema).
    private func keepsReminders() throws -> Bool {
        try sqlite { try connection.integerPragma("user_version") >= 4 }
    }

    /// Whether the reminders' table keeps the day each reminder was sent for.
    private func keepsSentDays() throws -> Bool {
        try sqlite { try connection.integerPragma("user_version") >= Migrations.sentDaysVersion }
    }
}

import LoansCore

/// The reminders' ledger in the database (`reminder_sent`), and the lock that serialises
/// `loans remind` runs: `flock` on a file beside the database (`loans.db.remind-lock`), since a
/// run must hold it across a delivery that happens outside any transaction.
extension SQLiteLoanStore: ReminderLedger {
    func exclusively<T>(_ body: () throws -> T) throws -> T {
        try FileLock.exclusively(at: connection.path.appending(LoanDatabase.reminderLockSuffix), body)
    }

    func remindedLevels(to recipient: String, for keys: [ReminderKey]) throws -> [ReminderKey: ReminderLevel] {
        guard !keys.isEmpty, try keepsReminders() else { return [:] }
        return try sqlite {
            let statement = try connection.statement("""
                SELECT min(level_days) FROM reminder_sent WHERE recipient = ?1 AND loan_id = ?2 AND due_on = ?3
                """)
            var levels: [ReminderKey: ReminderLevel] = [:]
            for key in keys {
                statement.reset()
                try statement.bind(recipient, at: 1)
                try statement.bind(key.loan.rawValue, at: 2)
                try statement.bind(key.dueOn.iso, at: 3)
                if try statement.step(), !statement.isNull(0) { levels[key] = ReminderLevel(days: Int(statement.int64(0))) }
            }
            statement.reset()
            return levels
        }
    }

    func recordReminded(_ reminders: [SentReminder], to recipient: String, at instant: UTCTimestamp) throws {
        guard author != nil else { throw StoreError(.readOnly, "database \(Quoted(connection.path)) was opened for reading") }
        try sqlite {
            try connection.transaction(immediate: true) {
                let statement = try connection.statement("""
                    INSERT OR IGNORE INTO reminder_sent (recipient, loan_id, due_on, level_days, sent_at) VALUES (?1, ?2, ?3, ?4, ?5)
                    """)
                for reminder in reminders {
                    statement.reset()
                    try statement.bind(recipient, at: 1)
                    try statement.bind(reminder.key.loan.rawValue, at: 2)
                    try statement.bind(reminder.key.dueOn.iso, at: 3)
                    try statement.bind(Int64(reminder.level.days), at: 4)
                    try statement.bind(instant.description, at: 5)
                    try statement.run()
                }
            }
        }
    }

    /// Whether the file has the reminders' table (a reader may open an older schema).
    private func keepsReminders() throws -> Bool {
        try sqlite { try connection.integerPragma("user_version") >= 4 }
    }
}

import Glibc
import LoansCore

/// The reminders' ledger on the server (`loans.reminder_sent`), and the lock that serialises
/// `loans remind` runs across every machine: a session-level advisory lock, held across a
/// delivery that happens outside any transaction, and released with the connection should the
/// run die. It is taken by trying every 50 ms rather than by one waiting statement, so a run
/// queued behind another's 30-second delivery never trips its own deadline for an answer.
extension PostgresLoanStore: ReminderLedger {
    static let reminderLockRetryMicroseconds: UInt32 = 50_000

    func exclusively<T>(_ body: () throws -> T) throws -> T {
        let lock = [String(PostgresSchema.reminderLock)]
        try postgres {
            while try connection.execute("SELECT pg_try_advisory_lock($1)", lock).bool(0, 0) != true {
                usleep(PostgresLoanStore.reminderLockRetryMicroseconds)
            }
        }
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock($1)", lock) }
        return try body()
    }

    func remindedLevels(to recipient: String, for keys: [ReminderKey]) throws -> [ReminderKey: ReminderLevel] {
        guard !keys.isEmpty else { return [:] }
        return try postgres {
            // A database from before the sent-state (a dry run reads it as it is) has sent nothing.
            guard try connection.execute("SELECT to_regclass('loans.reminder_sent') IS NOT NULL").bool(0, 0) == true else { return [:] }
            let result = try connection.execute(
                """
                SELECT loan_id, due_on, min(level_days) FROM loans.reminder_sent
                WHERE recipient = $1 AND (loan_id, due_on) IN (SELECT * FROM unnest($2::bigint[], $3::date[]))
                GROUP BY loan_id, due_on
                """,
                [recipient, "{" + keys.map(\.loan.description).joined(separator: ",") + "}", "{" + keys.map(\.dueOn.iso).joined(separator: ",") + "}"]
            )
            var levels: [ReminderKey: ReminderLevel] = [:]
            for row in 0..<result.rowCount {
                guard let loan = result.int64(row, 0), let due = CivilDate(isoBytes: result.bytes(row, 1)),
                      let days = result.string(row, 2).flatMap(Int.init)
                else { throw StoreError(.unavailable, "a reminder's sent-state is malformed in PostgreSQL database \(Quoted(connection.target.redacted))") }
                levels[ReminderKey(loan: LoanID(loan), dueOn: due)] = ReminderLevel(days: days)
            }
            return levels
        }
    }

    func recordReminded(_ reminders: [SentReminder], to recipient: String, at instant: UTCTimestamp) throws {
        guard author != nil else {
            throw StoreError(.readOnly, "PostgreSQL database \(Quoted(connection.target.redacted)) was opened for reading")
        }
        guard !reminders.isEmpty else { return }
        try postgres {
            try connection.transaction(PostgresLoanStore.write) {
                try connection.execute(
                    """
                    INSERT INTO loans.reminder_sent (recipient, loan_id, due_on, level_days, sent_at)
                    SELECT $1, loan_id, due_on, level_days, $5 FROM unnest($2::bigint[], $3::date[], $4::integer[]) AS sent (loan_id, due_on, level_days)
                    ON CONFLICT DO NOTHING
                    """,
                    [
                        recipient, "{" + reminders.map(\.key.loan.description).joined(separator: ",") + "}",
                        "{" + reminders.map(\.key.dueOn.iso).joined(separator: ",") + "}",
                        "{" + reminders.map { String($0.level.days) }.joined(separator: ",") + "}", instant.description,
                    ]
                )
            }
        }
    }
}

import CLibPQ
import LoansCore
import LoansSystem

/// The reminders' ledger on the server (`loans.reminder_sent`, with the day each reminder was
/// sent for), and the lock that serialises `loans remind` runs across every machine: the row of
/// `loans.reminder_lock`, updated by the run's own transaction, which holds it from deciding to
/// recording. Only a role that may write loans' tables can take it (a role that can merely
/// connect cannot even see the schema). The transaction is REPEATABLE READ and begins with the
/// lock, so the run reads the sent-state as the previous holder left it (a wait that ends with
/// the holder's commit is a serialization failure, and the run begins again, seeing it). The
/// lock ends with the session — the process exiting or killed — and when the session says
/// nothing for the lock's silence: the server then ends it (`idle_in_transaction_session_timeout`,
/// for this transaction only), so a laptop suspended or a run stopped mid-delivery lets go.
/// The wait is taken in slices of `lockSliceMilliseconds`, each far shorter than a one-shot
/// run's deadline for an answer.
extension PostgresLoanStore: ReminderLedger {
    /// The longest one statement waits for the lock.
    static let lockSliceMilliseconds = 5000

    func exclusively<T>(_ times: ReminderLockTimes, _ body: () throws -> T) throws -> T {
        try postgres { try takeReminderLock(times) }
        let result: T
        do {
            result = try body()
        } catch {
            _ = try? connection.execute("ROLLBACK")
            throw error
        }
        try postgres {
            guard connection.pq.transactionStatus(connection.handle) == PQTRANS_INTRANS else {
                _ = try? connection.execute("ROLLBACK")
                throw PostgresError(message: "the reminders' transaction failed and was rolled back")
            }
            try connection.execute("COMMIT")
        }
        return result
    }

    /// Begins the run's transaction with the lock row, within `times.waitMilliseconds`; throws
    /// `ReminderLockBusy`, naming the holder's session, when the wait runs out.
    private func takeReminderLock(_ times: ReminderLockTimes) throws {
        let deadline = MonotonicClock.milliseconds() + times.waitMilliseconds
        while true {
            let slice = max(1, min(deadline - MonotonicClock.milliseconds(), PostgresLoanStore.lockSliceMilliseconds))
            try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ WRITE")
            do throws(PostgresError) {
                // SET takes no snapshot: the transaction's snapshot is the lock statement's.
                try connection.execute("SET LOCAL lock_timeout = \(slice)")
                try connection.execute("SET LOCAL idle_in_transaction_session_timeout = \(max(1, times.silenceMilliseconds))")
                try connection.execute(
                    "INSERT INTO loans.reminder_lock (id, taken_at) VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET taken_at = excluded.taken_at"
                )
                return
            } catch where error.sqlState == "55P03" || error.sqlState == "40001" {
                // 55P03: the slice ran out; 40001: the holder committed while this run waited.
                _ = try? connection.execute("ROLLBACK")
                if error.sqlState == "55P03", MonotonicClock.milliseconds() >= deadline {
                    throw ReminderLockBusy(
                        store: "PostgreSQL database \(Quoted(connection.target.redacted))", waitedMilliseconds: times.waitMilliseconds,
                        holder: try? reminderLockHolder()
                    )
                }
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The session holding the lock row: the transaction its lock names (the row's xmax), the
    /// server process that holds that transaction's lock, and what the server tells of it.
    private func reminderLockHolder() throws -> ReminderLockHolder? {
        let found = try connection.execute("""
            SELECT activity.pid, activity.usename, activity.application_name,
                to_char(activity.xact_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
            FROM loans.reminder_lock AS lock_row
            JOIN pg_locks AS held ON held.locktype = 'transactionid' AND held.transactionid = lock_row.xmax AND held.granted
            JOIN pg_stat_activity AS activity ON activity.pid = held.pid
            WHERE lock_row.id = 1
            """)
        guard found.rowCount > 0, let process = found.int64(0, 0) else { return nil }
        return .session(
            serverProcess: Int32(truncatingIfNeeded: process), role: found.string(0, 1) ?? "", application: found.string(0, 2).flatMap { $0.isEmpty ? nil : $0 },
            since: found.string(0, 3).flatMap(UTCTimestamp.init(rfc3339:))
        )
    }

    func remindedLevels(to recipient: ReminderRecipient, for keys: [ReminderKey], sentBy today: CivilDate) throws -> [ReminderKey: ReminderLevel] {
        guard !keys.isEmpty else { return [:] }
        return try postgres {
            // A database from before the sent-state (a dry run reads it as it is) has sent nothing;
            // one from before the sent days counts every reminder.
            let tables = try connection.execute("""
                SELECT to_regclass('loans.reminder_sent') IS NOT NULL,
                    EXISTS (SELECT FROM pg_attribute WHERE attrelid = to_regclass('loans.reminder_sent') AND attname = 'sent_on' AND NOT attisdropped)
                """)
            guard tables.bool(0, 0) == true else { return [:] }
            let sentOn = tables.bool(0, 1) == true ? " AND sent_on <= $4" : ""
            let result = try connection.execute(
                """
                SELECT loan_id, due_on, min(level_days) FROM loans.reminder_sent
                WHERE recipient = $1 AND (loan_id, due_on) IN (SELECT * FROM unnest($2::bigint[], $3::date[]))\(sentOn)
                GROUP BY loan_id, due_on
                """,
                [recipient.ledgerKey, "{" + keys.map(\.loan.description).joined(separator: ",") + "}", "{" + keys.map(\.dueOn.iso).joined(separator: ",") + "}"]
                    + (sentOn.isEmpty ? [] : [today.iso])
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

    func lastReminded(to recipients: [ReminderRecipient]) throws -> [ReminderRecipient: UTCTimestamp] {
        guard !recipients.isEmpty else { return [:] }
        return try postgres {
            // A database from before the sent-state has reminded nobody.
            guard try connection.execute("SELECT to_regclass('loans.reminder_sent') IS NOT NULL").bool(0, 0) == true else { return [:] }
            let result = try connection.execute(
                """
                SELECT recipient, to_char(max(sent_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM loans.reminder_sent
                WHERE recipient = ANY ($1::text[]) GROUP BY recipient
                """,
                [PostgresArrayLiteral.text(recipients.map(\.ledgerKey))]
            )
            let asked = Dictionary(recipients.map { ($0.ledgerKey, $0) }) { first, _ in first }
            var last: [ReminderRecipient: UTCTimestamp] = [:]
            for row in 0..<result.rowCount {
                guard let key = result.string(row, 0), let recipient = asked[key], let instant = result.string(row, 1).flatMap(UTCTimestamp.init(rfc3339:))
                else { throw StoreError(.unavailable, "a reminder's sent-state is malformed in PostgreSQL database \(Quoted(connection.target.redacted))") }
                last[recipient] = instant
            }
            return last
        }
    }

    func recordReminded(_ reminders: [SentReminder], to recipient: ReminderRecipient, on today: CivilDate, at instant: UTCTimestamp) throws {
        guard author != nil else {
            throw StoreError(.readOnly, "PostgreSQL database \(Quoted(connection.target.redacted)) was opened for reading")
        }
        guard !reminders.isEmpty else { return }
        try postgres {
            // Inside a run's locked transaction this joins it, and commits with the lock's end.
            try connection.transaction(PostgresLoanStore.write) {
                // Sent again on an earlier day than recorded (the record's day read ahead): the
                // earlier day counts from now on.
                try connection.execute(
                    """
                    INSERT INTO loans.reminder_sent AS sent (recipient, loan_id, due_on, level_days, sent_at, sent_on)
                    SELECT $1, loan_id, due_on, level_days, $5, $6 FROM unnest($2::bigint[], $3::date[], $4::integer[]) AS given (loan_id, due_on, level_days)
                    ON CONFLICT (recipient, loan_id, due_on, level_days) DO UPDATE SET sent_on = excluded.sent_on, sent_at = excluded.sent_at
                    WHERE excluded.sent_on < sent.sent_on
                    """,
                    [
                        recipient.ledgerKey, "{" + reminders.map(\.key.loan.description).joined(separator: ",") + "}",
                        "{" + reminders.map(\.key.dueOn.iso).joined(separator: ",") + "}",
                        "{" + reminders.map { String($0.level.days) }.joined(separator: ",") + "}", instant.description, today.iso,
                    ]
                )
            }
        }
    }
}

extension PostgresSchema {
    /// The migration that brought the reminders' lock row and the day each reminder was sent
    /// for (listed in `migrations`). A reminder sent before counts as sent the day before its
    /// instant's UTC date: never later than its run's day, and still years ahead for a clock that
    /// read years ahead.
    static let reminderLockAndSentDays: (name: String, statements: [String]) = (
        "the reminders' lock, a row only roles that may write loans' tables can lock, and the day each reminder was sent for",
        [
            "CREATE TABLE loans.reminder_lock (id integer PRIMARY KEY CHECK (id = 1), taken_at timestamptz NOT NULL)",
            "INSERT INTO loans.reminder_lock (id, taken_at) VALUES (1, now())",
            "ALTER TABLE loans.reminder_sent ADD COLUMN sent_on date",
            "UPDATE loans.reminder_sent SET sent_on = (sent_at AT TIME ZONE 'UTC')::date - 1",
            "ALTER TABLE loans.reminder_sent ALTER COLUMN sent_on SET NOT NULL",
        ]
    )
}

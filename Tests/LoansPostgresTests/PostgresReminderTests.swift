import Foundation
import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

/// The reminders' ledger on a server: its lock is a row of loans' own table, which a role that
/// can merely connect cannot lock, and which the server takes back from a holder that stays
/// silent past its silence (a run stopped, a laptop suspended mid-run); reminders sent before
/// the sent days were kept still count after the upgrade.
@Suite struct PostgresReminderTests {
    static let draft = LoanDraft(title: "Dune", direction: .borrowed, counterparty: "City Library", lentOn: Day.offset(-30), dueOn: Day.today)

    /// A login role with no rights in the database beyond connecting (PUBLIC's CONNECT).
    static func outsider(_ database: TestDatabase) throws -> String {
        let role = "outsider_" + UUID().uuidString.prefix(8).lowercased()
        try database.psql("CREATE ROLE \(role) LOGIN")
        return role
    }

    @Test func aRoleThatCanMerelyConnectCannotTakeTheLock() throws {
        let database = try TestDatabase()
        _ = try database.writer().add(PostgresReminderTests.draft)
        let role = try PostgresReminderTests.outsider(database)
        let tried = try ProgramRun(
            "/usr/bin/psql", ["-X", "-q", "-h", "127.0.0.1", "-p", String(database.server.port), "-U", role, "-d", database.name,
                              "-c", "SELECT FROM loans.reminder_lock FOR UPDATE"],
            environment: ["PATH": "/usr/bin:/bin"], seconds: 60
        )
        #expect(tried.status != 0 && tried.err.contains("permission denied for schema loans"), "\(tried.status) \(tried.err)")
        let refused = #expect(throws: StoreError.self) {
            let ledger = try PostgresDatabase.reminders(database.server.url(database.name, user: role), recordingAs: .tester, client: .tester)
            try ledger.exclusively(ReminderContract.patient) {}
        }
        #expect(refused?.kind == .unavailable && refused?.message.contains("permission denied for schema loans") == true, "\(String(describing: refused))")
    }

    /// A role that may read loans' tables (a viewer) opens the store, and still cannot take the
    /// lock: locking the row needs the right to write it.
    @Test func aRoleThatMayOnlyReadCannotTakeTheLock() throws {
        let database = try TestDatabase()
        _ = try database.writer().add(PostgresReminderTests.draft)
        let role = try PostgresReminderTests.outsider(database)
        try database.psql("GRANT USAGE ON SCHEMA loans TO \(role); GRANT SELECT ON ALL TABLES IN SCHEMA loans TO \(role)")
        let ledger = try PostgresDatabase.reminders(database.server.url(database.name, user: role), recordingAs: .tester, client: .tester)
        #expect(try ledger.countOpenLoans(due: DueRange(from: nil, through: .latest)) == 1)
        let refused = #expect(throws: StoreError.self) { try ledger.exclusively(ReminderContract.patient) {} }
        #expect(refused?.message.contains("permission denied for table reminder_lock") == true, "\(String(describing: refused))")
    }

    /// The holder says nothing for longer than its silence (as a process stopped with Ctrl-Z,
    /// or a laptop suspended during the delivery, would): the server ends its session, a run
    /// waiting meanwhile gets the lock, and the silent holder's own end fails (it records nothing:
    /// the next run sends again, at least once).
    @Test func aHolderSilentPastItsSilenceLosesTheLock() throws {
        let database = try TestDatabase()
        _ = try database.writer().add(PostgresReminderTests.draft)
        let holder = try PostgresDatabase.reminders(database.url, recordingAs: .tester, client: .tester)
        nonisolated(unsafe) let waiter = try PostgresDatabase.reminders(database.url, recordingAs: .tester, client: .tester)
        let silent = ReminderLockTimes(waitMilliseconds: 1000, silenceMilliseconds: 300)
        let taken = DispatchSemaphore(value: 0)
        let outcome = WaiterOutcome()
        let lost = #expect(throws: StoreError.self) {
            try holder.exclusively(silent) {
                Thread {
                    do {
                        try waiter.exclusively(ReminderContract.patient) { outcome.tookLock() }
                    } catch {
                        outcome.fail("\(error)")
                    }
                    taken.signal()
                }.start()
                // Silent, not asleep for good: long enough for the server to end the session, and
                // bounded so that a lock that is never taken back fails here instead of hanging.
                _ = taken.wait(timeout: .now() + 30)
            }
        }
        #expect(outcome.took && outcome.failures.isEmpty, "the waiting run never got the lock: \(outcome.failures)")
        #expect(lost?.kind == .unavailable, "\(String(describing: lost))")
    }

    /// A database whose reminders were recorded before the day each was sent for was kept (the
    /// schema before the lock row): the upgrade counts each as sent the day before its instant's
    /// UTC date, so nothing is sent again.
    @Test func remindersSentBeforeTheUpgradeStillCount() throws {
        let database = try TestDatabase()
        let id = try database.writer().add(PostgresReminderTests.draft)
        try database.psql("""
            ALTER TABLE loans.reminder_sent DROP COLUMN sent_on; DROP TABLE loans.reminder_lock;
            ALTER TABLE loans.change DROP COLUMN xact; DROP TABLE loans.account, loans.web_session, loans.sign_in_link, loans.api_token, loans.sign_in_attempt, loans.change_feed, loans.share_link, loans.calendar_feed, loans.change_person, loans.person;
            DELETE FROM loans.migration WHERE version > 5; COMMENT ON SCHEMA loans IS 'loans schema 5';
            INSERT INTO loans.reminder_sent (recipient, loan_id, due_on, level_days, sent_at) VALUES ('alice', \(id), '\(Day.today.iso)', 0, '\(Day.today.iso) 07:00:00+00')
            """)
        let upgraded = try PostgresDatabase.reminders(database.url, recordingAs: .tester, client: .tester)
        #expect(try database.psql("SELECT sent_on FROM loans.reminder_sent") == Day.offset(-1).iso)
        let sent = try RemindersDue(store: upgraded, ledger: upgraded, schedule: .standard, recipient: .person("alice"), lock: ReminderContract.patient)
            .send(Day.today, at: UTCTimestamp(date: Day.today, hour: 9, minute: 0, second: 0)) { _ in }
        #expect(sent.isEmpty, "the login name the reminder went to is the person of that name")
    }
}

/// What the waiting run of `aHolderSilentPastItsSilenceLosesTheLock` did, from its thread.
final class WaiterOutcome: @unchecked Sendable {  // every field is accessed under `lock`
    private let lock = NSLock()
    private var tookIt = false
    private var failed: [String] = []

    var took: Bool { lock.withLock { tookIt } }
    var failures: [String] { lock.withLock { failed } }

    func tookLock() {
        lock.withLock { tookIt = true }
    }

    func fail(_ message: String) {
        lock.withLock { failed.append(message) }
    }
}

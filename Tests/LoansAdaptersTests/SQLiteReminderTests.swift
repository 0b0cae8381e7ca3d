import Foundation
import LoansAdapters
import LoansCore
import LoansTestSupport
import Testing

/// What the SQLite ledger does with files: one lock for one database however it is reached,
/// the lock file's mode taken from the database's, and the reminders sent before the sent days
/// were kept still counting after the upgrade.
@Suite struct SQLiteReminderTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    static let impatient = ReminderLockTimes(waitMilliseconds: 200, silenceMilliseconds: 60_000)

    func ledger(_ path: String) throws -> any LoanReading & ReminderLedger {
        try LoanDatabase.reminders(at: DatabaseLocation(path: SystemPath(path)!, folders: .mustExist), recordingAs: .tester)
    }

    func database() throws -> String {
        let path = folder.file("real/loans.db")
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: false)
        _ = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester).add(
            LoanDraft(title: "Dune", direction: .borrowed, counterparty: "Library", lentOn: Sample.day(-10), dueOn: Sample.day(1))
        )
        return path
    }

    /// Through a link to the file, a link to its folder, or its own path: one lock, beside the
    /// file itself, so a run through one path waits for a run through another.
    @Test func oneDatabaseThroughSeveralPathsHasOneLock() throws {
        let path = try database()
        #expect(symlink(path, folder.file("link.db")) == 0 && symlink(folder.file("real"), folder.file("folder-link")) == 0)
        let holder = try ledger(folder.file("link.db"))
        try holder.exclusively(ReminderContract.patient) {
            for other in [path, folder.file("folder-link/loans.db"), folder.file("link.db")] {
                let busy = #expect(throws: ReminderLockBusy.self, "through \(other)") { try ledger(other).exclusively(SQLiteReminderTests.impatient) {} }
                #expect(busy?.store == "database \"\(other)\"")
            }
        }
        #expect(FileManager.default.fileExists(atPath: path + ".reminders-lock"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("link.db.reminders-lock")))
    }

    /// The lock file's mode is the database's write classes, read and write (its owner always):
    /// whoever may write the database may take the lock, whoever may only read it may not.
    @Test func theLockFileTakesTheDatabasesWriteClasses() throws {
        let path = try database()
        for (database, lock) in [(0o600, 0o600), (0o640, 0o600), (0o660, 0o660), (0o664, 0o660), (0o666, 0o666), (0o620, 0o660)] as [(mode_t, mode_t)] {
            _ = unlink(path + ".reminders-lock")
            #expect(chmod(path, database) == 0)
            try ledger(path).exclusively(ReminderContract.patient) {}
            var info = stat()
            #expect(stat(path + ".reminders-lock", &info) == 0 && info.st_mode & 0o7777 == lock, "database \(String(database, radix: 8))")
            #expect(chmod(path, 0o600) == 0)
        }
    }

    /// A database whose reminders were recorded before the day each was sent for was kept: each
    /// counts as sent the day before its instant's UTC date, so the upgrade sends nothing again.
    @Test func remindersSentBeforeTheUpgradeStillCount() throws {
        let path = try database()
        _ = try sqlite3(path, """
            ALTER TABLE reminder_sent DROP COLUMN sent_on; PRAGMA user_version = 5;
            DROP TABLE account; DROP TABLE web_session; DROP TABLE sign_in_link; DROP TABLE api_token; DROP TABLE sign_in_attempt; DROP TABLE share_link; DROP TABLE calendar_feed; DROP TABLE person; DROP TABLE change_person;
            INSERT INTO reminder_sent (recipient, loan_id, due_on, level_days, sent_at) VALUES ('alice', 1, '\(Sample.day(1).iso)', 1, '\(Sample.today.iso)T07:00:00Z');
            """)
        let upgraded = try ledger(path)
        #expect(try sqlite3(path, "SELECT sent_on FROM reminder_sent") == Sample.day(-1).iso)
        let key = ReminderKey(loan: LoanID(1), dueOn: Sample.day(1))
        #expect(try upgraded.remindedLevels(to: .person("alice"), for: [key], sentBy: Sample.today) == [key: ReminderLevel(days: 1)])
        let sent = try RemindersDue(store: upgraded, ledger: upgraded, schedule: .standard, recipient: .person("alice"), lock: ReminderContract.patient)
            .send(Sample.today, at: UTCTimestamp(date: Sample.today, hour: 9, minute: 0, second: 0)) { _ in }
        #expect(sent.isEmpty, "the login name the reminder went to is the person of that name")
    }
}

import LoansCore

/// Opens the SQLite loans database: read-only for reads, read-write (created when missing) for writes.
public enum LoanDatabase {
    /// The files that live beside a database at `path` + suffix: SQLite's journals and index, and
    /// the reminders' lock.
    public static let companionSuffixes = ["-wal", "-shm", "-journal", reminderLockSuffix]
    /// The reminders' lock file beside the database (`loans.db.remind-lock`).
    static let reminderLockSuffix = ".remind-lock"

    /// A read-only view of the database at `path`. A missing or fresh file reads as empty
    /// and is not created; a foreign, corrupt or newer file is refused untouched.
    public static func reader(at path: String) throws(StoreError) -> any LoanReading {
        let file = DatabaseFile(path: path)
        guard try file.exists(), let connection = try file.openForReading() else {
            return FixtureLoanStore(loans: [])
        }
        return SQLiteLoanStore(connection: connection, author: nil)
    }

    /// The database at `path` for writing as `author`: created with its folder when missing,
    /// upgraded to the latest schema; a foreign, corrupt or newer file is refused untouched.
    public static func writer(at path: String, author: Author) throws(StoreError) -> any LoanWriting {
        SQLiteLoanStore(connection: try DatabaseFile(path: path).openForWriting(), author: author)
    }

    /// The database with its reminders' ledger: read-only when no `author` records (a dry run),
    /// else opened for writing and upgraded. A missing file has nothing to remind of and is not
    /// created.
    public static func reminders(at path: String, recordingAs author: Author?) throws(StoreError) -> any LoanReading & ReminderLedger {
        let file = DatabaseFile(path: path)
        guard try file.exists() else { return FixtureLoanStore(loans: []) }
        guard let author else {
            guard let connection = try file.openForReading() else { return FixtureLoanStore(loans: []) }
            return SQLiteLoanStore(connection: connection, author: nil)
        }
        return SQLiteLoanStore(connection: try file.openForWriting(), author: author)
    }
}

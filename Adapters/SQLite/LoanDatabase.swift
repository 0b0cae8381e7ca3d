import LoansCore

/// Opens the SQLite loans database: read-only for reads, read-write (created when missing) for writes.
package enum LoanDatabase {
    /// The files that live beside a database at `path` + suffix: SQLite's journals and index, and
    /// the reminders' lock.
    package static let companionSuffixes = ["-wal", "-shm", "-journal", reminderLockSuffix]
    /// The reminders' lock file beside the database (`loans.db.reminders-lock`), made with the
    /// database's owner, group and write classes (`FileLock`). An older loans made
    /// `loans.db.remind-lock`, 0600, which only its maker could open; it is no longer used.
    static let reminderLockSuffix = ".reminders-lock"

    /// A read-only view of the database at `path`. A missing or fresh file reads as empty
    /// and is not created; a foreign, corrupt or newer file is refused untouched; an older
    /// schema is read as it is. With `.mustExist`, a missing folder is an error.
    package static func reader(at path: SystemPath, folders: FolderRule = .mustExist) throws(StoreError) -> any PooledReader {
        let file = DatabaseFile(path: path, folders: folders)
        guard try file.exists(), let connection = try file.openForReading() else {
            return FixtureLoanStore(loans: [])
        }
        return SQLiteLoanStore(connection: connection, author: nil)
    }

    /// The database at `path` for writing as `author`: created when missing (its folders too,
    /// with `.createdOnFirstWrite`), upgraded to the latest schema; a foreign, corrupt or newer
    /// file is refused untouched.
    package static func writer(at path: SystemPath, folders: FolderRule = .mustExist, author: Author) throws(StoreError) -> any LoanWriting {
        SQLiteLoanStore(connection: try DatabaseFile(path: path, folders: folders).openForWriting(), author: author)
    }

    /// Runs `body` on the database for writing; a database that does not exist yet is built
    /// aside and takes its name only when `body` succeeded, so a write that fails (`remove 99`,
    /// a refused first import) leaves no file behind, nor the folders made for it.
    package static func writing<T>(at location: DatabaseLocation, author: Author, _ body: (any LoanWriting) throws -> T) throws -> T {
        let file = DatabaseFile(path: location.path, folders: location.folders)
        guard try !file.exists() else { return try body(try writer(at: location, author: author)) }
        let creation = DatabaseCreation(path: location.path)
        let folders = location.folders == .createdOnFirstWrite ? try creation.createFolders() : []
        do {
            return try creation.create { connection in try body(SQLiteLoanStore(connection: connection, author: author)) }
        } catch {
            creation.removeFolders(folders)
            throw error
        }
    }

    /// The database of a resolved location.
    package static func reader(at location: DatabaseLocation) throws(StoreError) -> any PooledReader {
        try reader(at: location.path, folders: location.folders)
    }

    package static func writer(at location: DatabaseLocation, author: Author) throws(StoreError) -> any LoanWriting {
        try writer(at: location.path, folders: location.folders, author: author)
    }

    /// The database with its reminders' ledger: read-only when no `author` records (a dry run),
    /// else opened for writing and upgraded. A missing file has nothing to remind of and is not
    /// created.
    package static func reminders(at location: DatabaseLocation, recordingAs author: Author?) throws(StoreError) -> any LoanReading & ReminderLedger {
        let file = DatabaseFile(path: location.path, folders: location.folders)
        guard try file.exists() else { return FixtureLoanStore(loans: []) }
        guard let author else {
            guard let connection = try file.openForReading() else { return FixtureLoanStore(loans: []) }
            return SQLiteLoanStore(connection: connection, author: nil)
        }
        return SQLiteLoanStore(connection: try file.openForWriting(), author: author)
    }
}

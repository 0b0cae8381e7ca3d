import LoansCore

/// Opens the SQLite loans database: read-only for reads, read-write (created when missing) for writes.
public enum LoanDatabase {
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
}

import LoansCore
import LoansSystem

/// The writer for many people's changes on the SQLite file: the one read-write connection SQLite
/// lets write at a time, opened — the file made when missing, checked and upgraded — by the first
/// write and kept, so each later write is its one `BEGIN IMMEDIATE` transaction and nothing more.
/// Writes from other threads wait their turn for it (another process's, as always, within
/// SQLite's busy timeout). The connection is kept only while it still writes the loans database
/// its path names at the schema it upgraded: when the file was replaced or removed since
/// (`SQLiteConnection.hasMoved`), or its schema moved on (a newer loans upgraded it), the next
/// write opens the path anew, as the first did — making the file again, or refusing a newer one.
final class SQLiteWriterPool: LoanWriterPool, @unchecked Sendable {  // `clock` is only read: a clock is a reading of the system's, with no state of its own
    private let connections: ConnectionPool<SQLiteConnection>
    private let clock: any Clock

    init(_ location: DatabaseLocation, clock: any Clock) {
        self.clock = clock
        connections = ConnectionPool(capacity: 1) {
            try DatabaseFile(path: location.path, folders: location.folders).openForWriting()
        } keep: { connection in
            !connection.hasMoved && (try? connection.integerPragma("user_version")) == Migrations.latestVersion
        }
    }

    func write<T>(as who: String, _ body: (any LoanWriting) throws -> T) throws -> T {
        try connections.borrow { connection in
            try body(SQLiteLoanStore(connection: connection, author: Author(name: who, clock: clock)))
        }
    }
}

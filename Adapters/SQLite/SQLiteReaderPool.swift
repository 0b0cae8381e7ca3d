import LoansCore
import LoansSystem

/// Readers for many requests at once on the SQLite file: read-only connections (at most the
/// capacity) beside the one writer SQLite allows, each lent to one request at a time, which reads
/// in one read transaction. In WAL mode — every write puts the database in it — a reader's
/// transaction sees the database as it was when it began, whatever commits meanwhile, and never
/// waits for the writer. While no database exists (or the file is empty), each request reads no
/// loans and looks again; a connection opened `immutable` (a folder this process cannot write)
/// is not kept, since it would never see a later write, nor is one whose file was replaced or
/// removed since it opened (`SQLiteConnection.hasMoved`).
final class SQLiteReaderPool: LoanReaderPool {
    private let connections: ConnectionPool<any PooledReader>

    init(_ location: DatabaseLocation, capacity: Int) {
        connections = ConnectionPool(capacity: capacity) {
            try LoanDatabase.reader(at: location)
        } keep: { reader in
            (reader as? SQLiteLoanStore).map { !$0.connection.isImmutable && !$0.connection.hasMoved } ?? false
        }
    }

    func read<T>(_ body: (any PooledReader) throws -> T) throws -> T {
        try connections.borrow { reader in try reader.snapshot { try body(reader) } }
    }
}

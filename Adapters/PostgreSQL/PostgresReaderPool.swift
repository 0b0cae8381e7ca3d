import LoansCore
import LoansSystem

/// Readers for many requests at once on a PostgreSQL server: a few connections (at most the
/// capacity), each lent to one request at a time, which reads in one `REPEATABLE READ READ ONLY`
/// transaction — so every answer of the request comes from the same snapshot. A connection that
/// broke, or on which a wait ran out, is closed after the request, and a later one makes a new
/// one. While the database has no loans schema, each request reads no loans and asks again.
final class PostgresReaderPool: LoanReaderPool {
    private let connections: ConnectionPool<any PooledReader>

    init(_ location: String, client: PostgresClient, capacity: Int) {
        connections = ConnectionPool(capacity: capacity) {
            try PostgresDatabase.reader(location, client: client)
        } keep: { reader in
            (reader as? PostgresLoanStore)?.connection.isReusable ?? false
        }
    }

    func read<T>(_ body: (any PooledReader) throws -> T) throws -> T {
        try LibPQ.shared.get().prepareThread()  // a request's thread may be new to libpq
        return try connections.borrow { reader in try reader.snapshot { try body(reader) } }
    }
}

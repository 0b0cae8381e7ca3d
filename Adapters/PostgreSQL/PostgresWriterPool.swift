import LoansCore
import LoansSystem

/// Writers for many people's changes at once on a PostgreSQL server: a few connections (at most
/// the capacity), each made — and the schema made or upgraded — once, then lent to one write at
/// a time. Before each write the connection asks the schema's state again (one statement: the
/// database may have been restored, which the first write after it settles, or upgraded by a
/// newer loans, which is refused), then the write is its one transaction. The author is the
/// write's own — `who` with the connection's database role, `NAME@web as ROLE` — since a
/// connection serves anyone. A connection that broke (the server restarted: its socket reads as
/// closed before it is lent) or on which a wait ran out is closed, and a later write makes a new
/// one.
final class PostgresWriterPool: LoanWriterPool, @unchecked Sendable {  // `clock` is only read: a clock is a reading of the system's, with no state of its own
    private let connections: ConnectionPool<PostgresConnection>
    private let clock: any Clock

    init(_ location: String, client: PostgresClient, capacity: Int, clock: any Clock) {
        self.clock = clock
        connections = ConnectionPool(capacity: capacity) {
            try PostgresDatabase.connect(location, client)
        } keep: { connection in
            connection.isReusable
        }
    }

    func write<T>(as who: String, _ body: (any LoanWriting) throws -> T) throws -> T {
        try LibPQ.shared.get().prepareThread()  // a request's thread may be new to libpq
        return try connections.borrow { connection in
            _ = try PostgresDatabase.upgraded(connection)
            let author = Author(name: PostgresDatabase.who(who, role: connection.role), clock: clock)
            return try body(PostgresLoanStore(connection: connection, author: author))
        }
    }
}

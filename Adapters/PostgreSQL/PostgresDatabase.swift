import LoansCore

/// Opens the loans store on a PostgreSQL server named by a `postgresql://` or `postgres://` URL
/// (or any libpq connection string): read-only for reads, migrated for writes. libpq is loaded
/// on the first call, never before.
public enum PostgresDatabase {
    /// Whether a `--db`/`LOANS_DB` value names a PostgreSQL database rather than a file.
    public static func isURL(_ location: String) -> Bool {
        ConnectionString.isURL(location)
    }

    /// The loans in the database, read-only. A database without the `loans` schema reads as no
    /// loans and is left as it is; a foreign or newer schema is refused untouched.
    public static func reader(_ location: String) throws(StoreError) -> any LoanReading {
        let connection = try connect(location)
        switch try recognised(connection, PostgresSchema.state) {
        case .absent:
            return NoLoans()
        case .loans(let version) where version < PostgresSchema.latestVersion:
            throw StoreError(
                .unavailable,
                "PostgreSQL database \(Quoted(connection.target.redacted)) uses an older loans schema (\(version)); any write, such as 'loans add', upgrades it"
            )
        case .loans:
            return PostgresLoanStore(connection: connection, author: nil)
        case .foreign:
            throw foreign(connection)
        }
    }

    /// Whether the database holds a loans schema (reading nothing else, creating nothing).
    public static func exists(_ location: String) throws(StoreError) -> Bool {
        let connection = try connect(location)
        return try recognised(connection, PostgresSchema.state) != .absent
    }

    /// The loans in the database for writing as `author`: the schema created or upgraded first,
    /// under an advisory lock so that two first runs do not race.
    public static func writer(_ location: String, author: Author) throws(StoreError) -> any LoanWriting {
        let connection = try connect(location)
        var state = try recognised(connection, PostgresSchema.state)
        if state != .loans(version: PostgresSchema.latestVersion), state != .foreign {
            state = try recognised(connection, PostgresSchema.migrate)
        }
        if state == .foreign { throw foreign(connection) }
        return PostgresLoanStore(connection: connection, author: author)
    }

    private static func connect(_ location: String) throws(StoreError) -> PostgresConnection {
        let pq = try LibPQ.shared.get()
        let target = ConnectionString(location)
        do {
            return try PostgresConnection(target, pq: pq)
        } catch {
            throw StoreError(.unavailable, "cannot connect to PostgreSQL database \(Quoted(target.redacted)): \(error.message)")
        }
    }

    /// The schema's state as `read` finds it; a newer schema is refused here, whoever asks.
    private static func recognised(
        _ connection: PostgresConnection, _ read: (PostgresConnection) throws -> PostgresSchema.State
    ) throws(StoreError) -> PostgresSchema.State {
        let state: PostgresSchema.State
        do {
            state = try read(connection)
        } catch {
            throw StoreError(.unavailable, "PostgreSQL database \(Quoted(connection.target.redacted)): \(error)")
        }
        if case .loans(let version) = state, version > PostgresSchema.latestVersion {
            throw StoreError(
                .newerVersion,
                "PostgreSQL database \(Quoted(connection.target.redacted)) was written by a newer loans (schema \(version); this loans knows up to \(PostgresSchema.latestVersion)); it was left untouched"
            )
        }
        return state
    }

    private static func foreign(_ connection: PostgresConnection) -> StoreError {
        StoreError(
            .unavailable,
            "the schema \"loans\" in PostgreSQL database \(Quoted(connection.target.redacted)) holds objects loans did not make; it was left untouched"
        )
    }
}

/// A database where no loans schema exists yet: no loans, and nothing created by reading.
private struct NoLoans: LoanReading {
    func snapshot<T>(_ body: () throws -> T) throws -> T { try body() }
    func loan(_ id: LoanID) throws -> Loan? { nil }
    func countOpenLoans(due range: DueRange) throws -> Int { 0 }
    func loans(_ selection: LoanSelection, _ visit: (Loan) throws -> Void) throws {}
    func openLoans(
        due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {}
    func searchOpenLoans(
        _ text: SearchText, due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (Loan) throws -> Void
    ) throws -> SearchReach { .complete }
    func returnedLoans(beyond key: ReturnOrderKey?, newestFirst: Bool, limit: Int?, _ visit: (Loan) throws -> Void) throws {}
    func history(of loan: LoanID?, limit: Int?, _ visit: (Change) throws -> Void) throws {}
    func change(_ id: ChangeID) throws -> Change? { nil }
    func deltas(of change: ChangeID, loan: LoanID?, _ visit: (LoanDelta) throws -> Void) throws {}
    func revision(of loan: LoanID) throws -> LoanRevision? { nil }
    func databaseIdentity() throws -> String? { nil }
}

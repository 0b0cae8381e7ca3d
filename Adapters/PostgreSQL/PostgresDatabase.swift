import LoansCore

/// Opens the loans store on a PostgreSQL server named by a `postgresql://` or `postgres://` URL
/// (or any libpq connection string): read-only for reads, migrated for writes. libpq is loaded
/// on the first call, never before.
package enum PostgresDatabase {
    /// The loans in the database, read-only. A database without the `loans` schema reads as no
    /// loans and is left as it is; a foreign or newer schema is refused untouched.
    package static func reader(_ location: String, client: PostgresClient) throws(StoreError) -> any PooledReader {
        let connection = try connect(location, client)
        switch try recognised(connection, PostgresSchema.probedState) {
        case .absent:
            return NoLoans()
        case .loans(let version) where version < PostgresSchema.oldestReadableVersion,
             .restored(let version) where version < PostgresSchema.oldestReadableVersion:
            throw StoreError(
                .unavailable,
                "PostgreSQL database \(Quoted(connection.target.redacted)) uses an older loans schema (\(version)); any write, such as 'loans add', upgrades it"
            )
        case .loans, .restored:
            return PostgresLoanStore(connection: connection, author: nil)
        case .foreign:
            throw foreign(connection)
        }
    }

    /// The loans with the reminders' ledger: recording as `author` (opened for writing and
    /// upgraded, as any write), or for a dry run (read-only, `author` nil). A database without the
    /// loans schema has nothing to remind of, and is not made.
    package static func reminders(
        _ location: String, recordingAs author: Author?, client: PostgresClient
    ) throws(StoreError) -> any LoanReading & ReminderLedger {
        if let author { return try store(location, author: author, client: client, unlessAbsent: true) ?? NoLoans() }
        let reader = try reader(location, client: client)
        return reader as? PostgresLoanStore ?? NoLoans()
    }

    /// Whether the database holds a loans schema (reading nothing else, creating nothing).
    package static func exists(_ location: String, client: PostgresClient) throws(StoreError) -> Bool {
        let connection = try connect(location, client)
        return try recognised(connection, PostgresSchema.probedState) != .absent
    }

    /// The loans in the database for writing as `author` in the connection's database role (see
    /// `who`), waiting for the server as `waiting` says: the schema created or upgraded first,
    /// under an advisory lock so that two first runs do not race.
    package static func writer(_ location: String, author: Author, waiting: PostgresClient.Waiting) throws(StoreError) -> any LoanWriting {
        try store(location, author: author, client: PostgresClient(user: author.name, waiting: waiting))!
    }

    /// Writers for many people's changes at once, over at most `capacity` connections (see
    /// `PostgresWriterPool`).
    package static func writers(_ location: String, client: PostgresClient, capacity: Int, clock: any Clock) -> any LoanWriterPool {
        PostgresWriterPool(location, client: client, capacity: capacity, clock: clock)
    }

    /// Sessions, one-time links and accounts for a server's many requests, over at most
    /// `capacity` connections, each with the schema made or upgraded first, as for a write.
    package static func signIns(_ location: String, client: PostgresClient, capacity: Int) -> any SignInStore {
        PostgresSignIns(location: location, capacity: capacity) {
            try migrated(location, client: client)!
        }
    }

    /// The store for writing, its schema made or upgraded first — unless `unlessAbsent` and the
    /// database has no loans schema, which is then left as it is (nil).
    private static func store(
        _ location: String, author: Author, client: PostgresClient, unlessAbsent: Bool = false
    ) throws(StoreError) -> PostgresLoanStore? {
        guard let connection = try migrated(location, client: client, unlessAbsent: unlessAbsent) else { return nil }
        return PostgresLoanStore(connection: connection, author: Author(name: who(author.name, role: connection.role), clock: author.clock))
    }

    /// A connection to the database with its schema made or upgraded first — unless
    /// `unlessAbsent` and the database has no loans schema (nil).
    private static func migrated(
        _ location: String, client: PostgresClient, unlessAbsent: Bool = false
    ) throws(StoreError) -> PostgresConnection? {
        let connection = try connect(location, client)
        return try upgraded(connection, unlessAbsent: unlessAbsent) ? connection : nil
    }

    /// Makes or upgrades the schema a connection reaches, as a write needs it — settling a
    /// restore the first time a write meets it — unless `unlessAbsent` and the database has no
    /// loans schema (false). A foreign or newer schema, or a session whose triggers would not
    /// fire, is refused untouched. A connection's first call reads the state its first statement
    /// probed; a later call asks the server again (one statement), since the database may have
    /// been restored, dropped or upgraded by a newer loans meanwhile.
    static func upgraded(_ connection: PostgresConnection, unlessAbsent: Bool = false) throws(StoreError) -> Bool {
        var state = try recognised(connection, PostgresSchema.probedState)
        if unlessAbsent, state == .absent { return false }
        if connection.skipsTriggers {
            throw StoreError(
                .unavailable,
                "PostgreSQL database \(Quoted(connection.target.redacted)): the session's session_replication_role is not origin, so the server would skip loans' triggers (the per-day counts every bar reads); nothing was written"
            )
        }
        if state != .loans(version: PostgresSchema.latestVersion), state != .foreign {
            state = try recognised(connection, PostgresSchema.migrate)
        }
        if state == .foreign { throw foreign(connection) }
        return true
    }

    /// Who changes are recorded as on a server: the OS user @ host and the database role, as in
    /// `alice@laptop as household`. Undo and redo act on the changes of the same who.
    static func who(_ user: String, role: String) -> String {
        "\(user) as \(role)"
    }

    /// The who of `user` in the database role of `reader`'s connection, when it reads a server's
    /// loans schema (nil for any other store).
    package static func who(_ user: String, reading reader: any LoanReading) -> String? {
        (reader as? PostgresLoanStore).map { who(user, role: $0.connection.role) }
    }

    static func connect(_ location: String, _ client: PostgresClient) throws(StoreError) -> PostgresConnection {
        let pq = try LibPQ.shared.get()
        let target = ConnectionString(location)
        do {
            return try PostgresConnection(target, pq: pq, client: client, probing: PostgresSchema.stateColumns)
        } catch {
            throw error.connecting(target)
        }
    }

    /// The schema's state as `read` finds it; a newer schema is refused here, whoever asks.
    private static func recognised(
        _ connection: PostgresConnection, _ read: (PostgresConnection) throws -> PostgresSchema.State
    ) throws(StoreError) -> PostgresSchema.State {
        let state: PostgresSchema.State
        do {
            state = try read(connection)
        } catch let error as PostgresError {
            throw error.inStoreTerms(connection.target)
        } catch {
            throw StoreError(.unavailable, "PostgreSQL database \(Quoted(connection.target.redacted)): \(error)")
        }
        if case .loans(let version) = state, version > PostgresSchema.latestVersion {
            throw newer(connection, version)
        }
        if case .restored(let version) = state, version > PostgresSchema.latestVersion {
            throw newer(connection, version)
        }
        return state
    }

    private static func newer(_ connection: PostgresConnection, _ version: Int) -> StoreError {
        StoreError(
            .newerVersion,
            "PostgreSQL database \(Quoted(connection.target.redacted)) was written by a newer loans (schema \(version); this loans knows up to \(PostgresSchema.latestVersion)); it was left untouched"
        )
    }

    private static func foreign(_ connection: PostgresConnection) -> StoreError {
        StoreError(
            .unavailable,
            "the schema \"loans\" in PostgreSQL database \(Quoted(connection.target.redacted)) holds objects loans did not make; it was left untouched"
        )
    }
}

/// A database where no loans schema exists yet: no loans, no contacts, no history, no reminders
/// sent, and nothing created by reading.
struct NoLoans: LoanReading, ReminderLedger {
    func exclusively<T>(_ times: ReminderLockTimes, _ body: () throws -> T) throws -> T { try body() }
    func remindedLevels(to recipient: ReminderRecipient, for keys: [ReminderKey], sentBy today: CivilDate) throws -> [ReminderKey: ReminderLevel] { [:] }
    func lastReminded(to recipients: [ReminderRecipient]) throws -> [ReminderRecipient: UTCTimestamp] { [:] }
    func recordReminded(_ reminders: [SentReminder], to recipient: ReminderRecipient, on today: CivilDate, at instant: UTCTimestamp) throws {
        throw StoreError(.readOnly, "nothing was recorded: the database was opened for reading")
    }

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
    func people(_ visit: (Person) throws -> Void) throws {}
    func person(_ key: PersonKey) throws -> Person? { nil }
    func databaseIdentity() throws -> String? { nil }
    var history: (any HistoryReading)? { nil }
}

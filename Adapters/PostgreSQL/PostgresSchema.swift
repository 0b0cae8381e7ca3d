import LoansCore

/// The schema `loans` in a PostgreSQL database: how to tell what a database holds, and how the
/// ordered migrations (`PostgresMigrations.swift`) bring it up to date, each recorded as a row
/// of `loans.migration`.
enum PostgresSchema {
    /// What a database turned out to hold.
    enum State: Equatable {
        /// No schema `loans`, or an empty one (made for loans by an administrator).
        case absent
        /// A loans schema at this version.
        case loans(version: Int)
        /// A loans schema at this version whose loan table is not the one the schema last noted: a
        /// restore (`pg_restore`) made the tables anew, and the first write settles it
        /// (`settleRestore`).
        case restored(version: Int)
        /// A schema `loans` with objects loans did not make.
        case foreign
    }

    static var latestVersion: Int { migrations.count }

    /// The oldest schema a reader reads as it is (the history came with 2); older ones wait for a
    /// write to upgrade them.
    static let oldestReadableVersion = 2

    /// The advisory lock held while migrating ("LOAN", 1), so two first runs do not race.
    static let migrationLock: Int64 = 0x4C4F_414E_0000_0001

    /// What tells what a database holds, as columns of any SELECT (no FROM): whether the schema
    /// `loans` exists, whether it has loans' migration table, how many objects it holds, its
    /// comment, where each migration notes the version it reached and the loan table it made
    /// (`loans schema 8; loan table 16403`), and that table as it is now — so that a connection
    /// learns all of it with its first statement (`PostgresConnection`'s probe).
    static let stateColumns = """
        to_regnamespace('loans') IS NOT NULL, to_regclass('loans.migration') IS NOT NULL,
        (SELECT count(*) FROM pg_class WHERE relnamespace = to_regnamespace('loans'))
            + (SELECT count(*) FROM pg_proc WHERE pronamespace = to_regnamespace('loans')),
        obj_description(to_regnamespace('loans'), 'pg_namespace'), to_regclass('loans.loan')::oid
        """

    /// Reads what the database holds, creating nothing.
    static func state(_ connection: PostgresConnection) throws(PostgresError) -> State {
        try state(connection.execute("SELECT " + stateColumns), from: 0, connection)
    }

    /// What the database holds, from the connection's first statement when it has not been
    /// looked at yet, else read again.
    static func probedState(_ connection: PostgresConnection) throws(PostgresError) -> State {
        guard let probe = connection.takeProbe() else { return try state(connection) }
        return try state(probe.result, from: probe.column, connection)
    }

    /// The state `stateColumns` found, from `column` on; the migration table is read only when
    /// the schema's comment does not note a version (a schema from before the notes).
    private static func state(_ found: PostgresResult, from column: Int, _ connection: PostgresConnection) throws(PostgresError) -> State {
        guard found.bool(0, column) == true, found.int64(0, column + 2) != 0 else { return .absent }
        guard found.bool(0, column + 1) == true else { return .foreign }
        if let noted = found.string(0, column + 3).flatMap(Note.init) {
            guard let table = noted.table, table != found.string(0, column + 4) else { return .loans(version: noted.version) }
            return .restored(version: noted.version)
        }
        let version = try connection.execute("SELECT coalesce(max(version), 0) FROM loans.migration")
        return .loans(version: Int(version.int64(0, 0) ?? 0))
    }

    /// What the schema's comment notes: the version migrations reached, `loans schema 8`, and
    /// since version 8 the loan table they made (its oid), `; loan table 16403`.
    struct Note {
        static let prefix = "loans schema "
        static let tablePrefix = "; loan table "
        let version: Int
        let table: String?

        init?(_ comment: String) {
            guard comment.hasPrefix(Note.prefix) else { return nil }
            let rest = comment.dropFirst(Note.prefix.count)
            guard let version = Int(rest.prefix { $0.isNumber }) else { return nil }
            self.version = version
            let after = rest.drop { $0.isNumber }
            table = after.hasPrefix(Note.tablePrefix) ? String(after.dropFirst(Note.tablePrefix.count)) : nil
        }

        /// Notes the latest version and the loan table as it is now (COMMENT takes no
        /// parameters; the text is loans' own and the server's).
        static var writing: String {
            "DO $$ BEGIN EXECUTE format('COMMENT ON SCHEMA loans IS %L', '\(prefix)\(latestVersion)\(tablePrefix)' || 'loans.loan'::regclass::oid); END $$"
        }
    }

    /// Brings the database to the latest version in one transaction, under the migration lock,
    /// re-reading the version once the lock is held (another process may have just migrated).
    /// Returns the state it found, which may be newer or foreign; then nothing was changed.
    static func migrate(_ connection: PostgresConnection) throws -> State {
        try connection.transaction("BEGIN") {
            try connection.execute("SELECT pg_advisory_xact_lock($1)", [String(migrationLock)])
            let state = try state(connection)
            let version: Int
            switch state {
            case .foreign: return state
            case .absent: version = 0
            case .loans(let current): version = current
            case .restored(let current): version = current
            }
            guard version < latestVersion || state == .restored(version: version) else { return state }
            if version == 0 { try requireUTF8(connection) }
            try actAsOwner(connection)
            if state == .restored(version: version) { try settleRestore(connection) }
            for step in version..<latestVersion {
                for statement in migrations[step].statements { try connection.execute(statement) }
                if step + 1 == foldedCopiesVersion { try fillFoldedCopies(connection) }
                try connection.execute(
                    "INSERT INTO loans.migration (version, name) VALUES ($1, $2)", [String(step + 1), migrations[step].name]
                )
            }
            try connection.execute(Note.writing)
            // Every watcher reads the restored loans again (a write would tell them too, but the
            // write that settled the restore may yet be refused).
            if state == .restored(version: version) { try PostgresChangeFeed.announce(connection) }
            return State.loans(version: latestVersion)
        }
    }

    /// Tells the per-day count triggers to stand aside for the rest of this transaction, and for
    /// no other: the flag holds the transaction's own id, as the triggers ask (migration 7), and
    /// is set for the transaction only. A session cannot set it ahead (its connection pins it
    /// empty), and a value carried over from elsewhere names another transaction.
    static let standAsideForBulkChange = "SELECT set_config('loans.bulk_import', txid_current()::text, true)"

    /// The migration that adds the folded copies searches compare.
    static let foldedCopiesVersion = 5

    /// Folds the title, counterparty and note of every stored loan into its folded copies, a
    /// thousand loans a statement (the per-day counts stand aside: nothing they count changes).
    private static func fillFoldedCopies(_ connection: PostgresConnection) throws {
        try connection.execute("SELECT set_config('loans.bulk_import', 'on', true)")
        var after: Int64 = 0
        while true {
            let page = try connection.execute(
                "SELECT id, title, counterparty, note FROM loans.loan WHERE id > $1 ORDER BY id LIMIT 1000", [String(after)]
            )
            guard page.rowCount > 0 else { break }
            var columns: [[String?]] = [[], [], [], []]
            for row in 0..<page.rowCount {
                columns[0].append(page.string(row, 0))
                for column in 1...3 { columns[column].append(page.string(row, column).map(TextFolding.folded)) }
            }
            after = page.int64(page.rowCount - 1, 0) ?? Int64.max
            try connection.execute(
                """
                UPDATE loans.loan AS loan SET folded_title = given.title, folded_counterparty = given.counterparty, folded_note = given.note
                FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS given (id, title, counterparty, note) WHERE loan.id = given.id
                """,
                columns.map(PostgresArrayLiteral.text)
            )
        }
        try connection.execute("SELECT set_config('loans.bulk_import', 'off', true)")
    }

    /// Makes the rest of the transaction act as the role that owns loans' objects — the schema's
    /// owner when the schema exists, else the database's — when that is a group the session's
    /// role is a member of: what a migration makes then belongs to the group, so every member
    /// (each person's login) can use it, whoever ran the first write. Otherwise the session's role
    /// makes it (a household that shares one role, or one that owns the database itself).
    static func actAsOwner(_ connection: PostgresConnection) throws(PostgresError) {
        let owner = try connection.execute("""
            SELECT pg_get_userbyid(owner) FROM (SELECT coalesce(
                (SELECT nspowner FROM pg_namespace WHERE nspname = 'loans'),
                (SELECT datdba FROM pg_database WHERE datname = current_database())) AS owner) AS found
            WHERE owner <> (SELECT oid FROM pg_roles WHERE rolname = current_user) AND pg_has_role(current_user, owner, 'MEMBER')
            """).string(0, 0)
        guard let owner else { return }
        try connection.execute("SELECT set_config('role', $1, true)", [owner])
    }

    /// Loans keeps any text; a database in another encoding would refuse or change some of it.
    private static func requireUTF8(_ connection: PostgresConnection) throws(PostgresError) {
        let encoding = try connection.execute("SELECT current_setting('server_encoding')").string(0, 0) ?? ""
        guard encoding == "UTF8" else {
            throw PostgresError(message: "the database uses the encoding \(encoding); loans needs UTF8 (createdb --encoding=UTF8 --template=template0)")
        }
    }
}

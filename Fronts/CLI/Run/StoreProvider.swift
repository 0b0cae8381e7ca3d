import Glibc
import LoansAdapters
import LoansCore
import LoansPostgres

/// Opens the store the settings name, only when a command asks: read-only for reads,
/// read-write (recording changes as `author`) for writes; a `postgresql://` or `postgres://`
/// location is a PostgreSQL database, anything else a SQLite file. A demo database lives until
/// `close()`.
final class StoreProvider {
    private let source: DataSource
    private let environment: [String: String]
    /// Who writes: asked only when a store is opened for writing (naming the user reads the
    /// password database, which a status bar's read should not pay for).
    private let clock: any Clock
    private(set) lazy var author: Author = SystemAuthor.current(clock: clock)
    private var demo: DemoDatabase?

    init(source: DataSource, environment: [String: String], today: CivilDate, clock: any Clock) throws {
        self.source = source
        self.environment = environment
        self.clock = clock
        if source == .demo { demo = try DemoDatabase(today: today, author: author) }
    }

    func reader() throws -> any LoanReading {
        switch source {
        case .fixture(let path): return try FixtureLoanStore(contentsOf: path)
        case .database, .demo:
            let location = try databasePath()
            return PostgresDatabase.isURL(location) ? try PostgresDatabase.reader(location) : try LoanDatabase.reader(at: location)
        }
    }

    func writer() throws -> any LoanWriting {
        if case .fixture(let path) = source {
            throw StoreError(.readOnly, "--fixture \(Quoted(path)) is read-only; changes need a database (--db PATH)")
        }
        let location = try databasePath()
        let store = PostgresDatabase.isURL(location)
            ? try PostgresDatabase.writer(location, author: author) : try LoanDatabase.writer(at: location, author: author)
        return HookedLoanStore(store, hook: ChangeHook(environment: environment))
    }

    /// The store with its reminders' ledger: for recording (opened for writing) or a dry run
    /// (read-only). A fixture can show reminders but not record them.
    func reminders(recording: Bool) throws -> any LoanReading & ReminderLedger {
        switch source {
        case .fixture(let path):
            guard !recording else {
                throw StoreError(.readOnly, "--fixture \(Quoted(path)) is read-only; reminders are recorded in a database (--db PATH); --dry-run shows them")
            }
            return try FixtureLoanStore(contentsOf: path)
        case .database, .demo:
            let location = try databasePath()
            guard !PostgresDatabase.isURL(location) else {
                throw CLIError(code: .failure, message: "reminders are not kept in a PostgreSQL database yet; use a SQLite database (--db PATH)")
            }
            return try LoanDatabase.reminders(at: location, recordingAs: recording ? author : nil)
        }
    }

    /// A reader that knows the store's identity: a database from before identities (which a
    /// reader may refuse as older) is upgraded first, as any write would; a database that does
    /// not exist reads as empty and is not made.
    func identifiedReader() throws -> any LoanReading {
        if case .fixture(let path) = source { return try FixtureLoanStore(contentsOf: path) }
        guard try databaseExists() else { return try reader() }
        if let store = try? reader(), try store.databaseIdentity() != nil { return store }
        return try writer()
    }

    /// Whether the database exists: the file, or the loans schema on a PostgreSQL server (a
    /// fixture counts as existing: it cannot be written).
    func databaseExists() throws -> Bool {
        if case .fixture = source { return true }
        let location = try databasePath()
        if PostgresDatabase.isURL(location) { return try PostgresDatabase.exists(location) }
        var info = stat()
        return stat(location, &info) == 0
    }

    /// The database file or PostgreSQL URL in use; empty for a fixture.
    func databasePath() throws -> String {
        switch source {
        case .database(let explicit): return try DatabaseLocation.resolve(explicit: explicit, environment: environment)
        case .demo, .fixture: return demo?.path ?? ""
        }
    }

    /// The files whose changes can change the answer: the database and its `-wal` (its companion,
    /// written by writes only), or the fixture document; none when no database can be named, or
    /// for PostgreSQL (whose watchers learn of writes by other means).
    func watchedFiles() -> (data: [String], companions: [String]) {
        if case .fixture(let path) = source { return ([path], []) }
        guard let path = try? databasePath(), !path.isEmpty, !PostgresDatabase.isURL(path) else { return ([], []) }
        return ([path], [path + "-wal"])
    }

    func close() {
        demo?.remove()
        demo = nil
    }
}

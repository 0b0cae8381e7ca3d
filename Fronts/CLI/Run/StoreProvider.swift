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
    private let environment: Environment
    /// Who writes: asked only when a store is opened for writing (naming the user reads the
    /// password database, which a status bar's read should not pay for).
    private let clock: any Clock
    private(set) lazy var author: Author = SystemAuthor.current(clock: clock)
    private var demo: DemoDatabase?

    init(source: DataSource, environment: Environment, today: CivilDate, clock: any Clock) throws {
        self.source = source
        self.environment = environment
        self.clock = clock
        if source == .demo { demo = try DemoDatabase(today: today, author: author) }
    }

    func reader() throws -> any LoanReading {
        switch source {
        case .fixture(let path): return try FixtureLoanStore(contentsOf: StoreProvider.adapterPath(path))
        case .database, .demo:
            let location = StoreProvider.adapterPath(try databasePath())
            return PostgresDatabase.isURL(location) ? try PostgresDatabase.reader(location) : try LoanDatabase.reader(at: location)
        }
    }

    func writer() throws -> any LoanWriting {
        if case .fixture(let path) = source {
            throw StoreError(.readOnly, "--fixture \(Quoted(path.description)) is read-only; changes need a database (--db PATH)")
        }
        let location = StoreProvider.adapterPath(try databasePath())
        let store = PostgresDatabase.isURL(location)
            ? try PostgresDatabase.writer(location, author: author) : try LoanDatabase.writer(at: location, author: author)
        return HookedLoanStore(store, hook: ChangeHook(environment: environment.strings))
    }

    /// The store with its reminders' ledger: for recording (opened for writing) or a dry run
    /// (read-only). A fixture can show reminders but not record them.
    func reminders(recording: Bool) throws -> any LoanReading & ReminderLedger {
        switch source {
        case .fixture(let path):
            guard !recording else {
                throw StoreError(.readOnly, "--fixture \(Quoted(path.description)) is read-only; reminders are recorded in a database (--db PATH); --dry-run shows them")
            }
            return try FixtureLoanStore(contentsOf: StoreProvider.adapterPath(path))
        case .database, .demo:
            let location = StoreProvider.adapterPath(try databasePath())
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
        if case .fixture(let path) = source { return try FixtureLoanStore(contentsOf: StoreProvider.adapterPath(path)) }
        guard try databaseExists() else { return try reader() }
        if let store = try? reader(), try store.databaseIdentity() != nil { return store }
        return try writer()
    }

    /// Whether the database exists: the file, or the loans schema on a PostgreSQL server (a
    /// fixture counts as existing: it cannot be written).
    func databaseExists() throws -> Bool {
        if case .fixture = source { return true }
        let location = try databasePath()
        if PostgresDatabase.isURL(StoreProvider.adapterPath(location)) { return try PostgresDatabase.exists(StoreProvider.adapterPath(location)) }
        var info = stat()
        return location.withCString { stat($0, &info) } == 0
    }

    /// The database file (or PostgreSQL URL) in use: the one given (option, `LOANS_DB` or the
    /// config file), else the default place under XDG_DATA_HOME or HOME; the demo's file; none
    /// for a fixture.
    func databasePath() throws -> SystemPath {
        switch source {
        case .database(let given?): return given
        case .database(nil):
            let places = ["XDG_DATA_HOME", "HOME"].compactMap { name in environment.text(name).map { (name, $0) } }
            let path = try DatabaseLocation.resolve(explicit: nil, environment: Dictionary(uniqueKeysWithValues: places))
            guard let located = SystemPath(path) else { throw StoreError(.unavailable, "cannot locate the database") }
            return located
        case .demo:
            guard let path = demo.flatMap({ SystemPath($0.path) }) else { throw StoreError(.unavailable, "the demo database is gone") }
            return path
        case .fixture(let path):
            throw StoreError(.readOnly, "--fixture \(Quoted(path.description)) is read-only; there is no database")
        }
    }

    /// The files whose changes can change the answer: the database and its `-wal` (its companion,
    /// written by writes only), or the fixture document; none when no database can be named, or
    /// for PostgreSQL (whose watchers learn of writes by other means).
    func watchedFiles() -> (data: [String], companions: [String]) {
        if case .fixture(let path) = source { return ([StoreProvider.adapterPath(path)], []) }
        guard let path = try? databasePath(), !PostgresDatabase.isURL(StoreProvider.adapterPath(path)) else { return ([], []) }
        return ([StoreProvider.adapterPath(path)], [StoreProvider.adapterPath(path.appending("-wal"))])
    }

    /// A path for the adapters that still take `String`: the bytes decoded as UTF-8, exact for
    /// every UTF-8 path. (Adapters that open by `SystemPath` take the bytes as they are.)
    static func adapterPath(_ path: SystemPath) -> String {
        String(decoding: path.bytes, as: UTF8.self)
    }

    func close() {
        demo?.remove()
        demo = nil
    }
}

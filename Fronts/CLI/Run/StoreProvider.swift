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
    /// Whether the run keeps going (the TUI, `--watch`): its PostgreSQL connections then use TCP
    /// keepalives and carry on after a failure, instead of a one-shot run's deadline.
    var keepsRunning = false
    /// What a one-shot run prints on stdout, and its exit code, when a PostgreSQL server does not
    /// answer in time (after the message on stderr); nil: nothing, exit 74. A bar shows its failure line.
    var noAnswer: (output: String, status: ExitCode)?

    init(source: DataSource, environment: [String: String], today: CivilDate, clock: any Clock) throws {
        self.source = source
        self.environment = environment
        self.clock = clock
        if source == .demo { demo = try DemoDatabase(today: today, author: author) }
        if case .database(let explicit?) = source, PostgresDatabase.isURL(explicit) {
            // Read already (the arguments were parsed); `ps` must not show a password from now on.
            PostgresDatabase.hidePasswords(inArguments: CommandLine.unsafeArgv, count: Int(CommandLine.argc))
        }
    }

    func reader() throws -> any LoanReading {
        switch source {
        case .fixture(let path): return try FixtureLoanStore(contentsOf: path)
        case .database, .demo:
            let location = try databasePath()
            return PostgresDatabase.isURL(location)
                ? try PostgresDatabase.reader(location, client: PostgresClient(user: author.name, waiting: waiting))
                : try LoanDatabase.reader(at: location)
        }
    }

    func writer() throws -> any LoanWriting {
        if case .fixture(let path) = source {
            throw StoreError(.readOnly, "--fixture \(Quoted(path)) is read-only; changes need a database (--db PATH)")
        }
        let location = try databasePath()
        let store = PostgresDatabase.isURL(location)
            ? try PostgresDatabase.writer(location, author: author, waiting: waiting) : try LoanDatabase.writer(at: location, author: author)
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
            if PostgresDatabase.isURL(location) {
                return try PostgresDatabase.reminders(
                    location, recordingAs: recording ? author : nil, client: PostgresClient(user: author.name, waiting: waiting)
                )
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
        if PostgresDatabase.isURL(location) {
            return try PostgresDatabase.exists(location, client: PostgresClient(user: author.name, waiting: waiting))
        }
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

    /// Who the history names for changes this run makes, as `reader` records them: the OS user @
    /// host, on a PostgreSQL server with the database role.
    func who(reading reader: any LoanReading) -> String {
        PostgresDatabase.who(author.name, reading: reader) ?? author.name
    }

    /// What tells a run that keeps going when the answer may have changed: LISTEN/NOTIFY on a
    /// PostgreSQL server; else inotify on the files whose changes can change the answer — the
    /// database and its `-wal` (its companion, written by writes only), or the fixture document
    /// (none when no database can be named).
    func changes(_ today: Today) -> any AgendaChanges {
        if case .fixture(let path) = source { return InotifyAgendaChanges(data: [path], companions: [], today: today) }
        guard let path = try? databasePath(), !path.isEmpty else { return InotifyAgendaChanges(data: [], companions: [], today: today) }
        if PostgresDatabase.isURL(path) { return PostgresAgendaChanges(path, user: author.name, today: today) }
        return InotifyAgendaChanges(data: [path], companions: [path + "-wal"], today: today)
    }

    private var waiting: PostgresClient.Waiting {
        if keepsRunning { return .keepalive }
        return .deadline(noAnswer.map { PostgresClient.NoAnswer(output: $0.output, status: $0.status.rawValue) } ?? .failure)
    }

    func close() {
        demo?.remove()
        demo = nil
    }
}

import Glibc
import LoansAdapters
import LoansCore
import LoansInterchange
import LoansPostgres
import LoansWake

/// Opens the store the settings name, only when a command asks: read-only for reads,
/// read-write (recording changes as `author`) for writes; a `postgresql://` or `postgres://`
/// location is a PostgreSQL database, anything else a SQLite file, reached by its path's bytes
/// (`SystemPath`). A demo database lives until `close()`.
final class StoreProvider {
    private let source: DataSource
    private let environment: Environment
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
    /// Made only when a PostgreSQL client is (a bar's run on SQLite never words that line).
    var noAnswer: (() -> (output: String, status: ExitCode))?

    /// Where the loans are kept.
    enum Location {
        case file(DatabaseLocation)
        case postgres(String)
    }

    init(source: DataSource, environment: Environment, today: CivilDate, clock: any Clock) throws {
        self.source = source
        self.environment = environment
        self.clock = clock
        if source == .demo { demo = try DemoDatabase(today: today, author: author, variable: variable) }
        if case .database(let given?) = source, let text = String(validating: given.bytes, as: UTF8.self), PostgresDatabase.isURL(text) {
            // Read already (the arguments were parsed); `ps` must not show a password from now on.
            PostgresDatabase.hidePasswords(inArguments: CommandLine.unsafeArgv, count: Int(CommandLine.argc))
        }
    }

    /// An environment variable's bytes, as given (empty too).
    private func variable(_ name: String) -> [UInt8]? {
        environment[name]?.bytes
    }

    func reader() throws -> any LoanReading {
        if case .fixture(let path) = source { return try fixture(path) }
        switch try location() {
        case .file(let file): return try LoanDatabase.reader(at: file)
        case .postgres(let url): return try PostgresDatabase.reader(url, client: client)
        }
    }

    func writer() throws -> any LoanWriting {
        if case .fixture(let path) = source {
            throw StoreError(.readOnly, "--fixture \(Quoted(path.description)) is read-only; changes need a database (--db PATH)")
        }
        let store = switch try location() {
        case .file(let file): try LoanDatabase.writer(at: file, author: author)
        case .postgres(let url): try PostgresDatabase.writer(url, author: author, waiting: waiting)
        }
        return HookedLoanStore(store, hook: ChangeHook(variable: variable))
    }

    /// Runs `body` on the store for writing; a database file that does not exist yet appears
    /// only if `body` succeeds (a refused first import leaves nothing behind).
    func writing<T>(_ body: (any LoanWriting) throws -> T) throws -> T {
        guard case .file(let file) = try location(), source != .demo else { return try body(try writer()) }
        return try LoanDatabase.writing(at: file, author: author) { store in
            try body(HookedLoanStore(store, hook: ChangeHook(variable: variable)))
        }
    }

    /// The store with its reminders' ledger: for recording (opened for writing) or a dry run
    /// (read-only). A fixture can show reminders but not record them.
    func reminders(recording: Bool) throws -> any LoanReading & ReminderLedger {
        if case .fixture(let path) = source {
            guard !recording else {
                throw StoreError(.readOnly, "--fixture \(Quoted(path.description)) is read-only; reminders are recorded in a database (--db PATH); --dry-run shows them")
            }
            return try fixture(path)
        }
        switch try location() {
        case .file(let file): return try LoanDatabase.reminders(at: file, recordingAs: recording ? author : nil)
        case .postgres(let url): return try PostgresDatabase.reminders(url, recordingAs: recording ? author : nil, client: client)
        }
    }

    /// A reader that knows the store's identity: a database from before identities (which a
    /// reader may refuse as older) is upgraded first, as any write would; a database that does
    /// not exist reads as empty and is not made.
    func identifiedReader() throws -> any LoanReading {
        if case .fixture(let path) = source { return try fixture(path) }
        guard try databaseExists() else { return try reader() }
        if let store = try? reader(), try store.databaseIdentity() != nil { return store }
        return try writer()
    }

    /// Whether the database exists: the file, or the loans schema on a PostgreSQL server (a
    /// fixture counts as existing: it cannot be written).
    func databaseExists() throws -> Bool {
        if case .fixture = source { return true }
        switch try location() {
        case .file(let file):
            var info = stat()
            return file.path.withCString { stat($0, &info) } == 0
        case .postgres(let url):
            return try PostgresDatabase.exists(url, client: client)
        }
    }

    /// Where the database is: the place given (`--db`, `LOANS_DB` or the config file's `db`,
    /// whose folder must exist), else the default place under XDG_DATA_HOME or HOME (made on the
    /// first write), or the demo's file.
    func location() throws -> Location {
        switch source {
        case .database(let given):
            // The settings already chose among the option, LOANS_DB and the config file.
            let file = try DatabaseLocation.resolve(explicit: given) { $0 == "LOANS_DB" ? nil : self.variable($0) }
            if let text = String(validating: file.path.bytes, as: UTF8.self), PostgresDatabase.isURL(text) { return .postgres(text) }
            return .file(file)
        case .demo, .fixture:
            guard let demo else { throw StoreError(.readOnly, "there is no database: the loans come from a fixture") }
            return .file(DatabaseLocation(path: demo.path, folders: .mustExist))
        }
    }

    /// Who the history names for changes this run makes, as `reader` records them: the OS user @
    /// host, on a PostgreSQL server with the database role.
    func who(reading reader: any LoanReading) -> String {
        PostgresDatabase.who(author.name, reading: reader) ?? author.name
    }

    /// What the store adds to a wake loop to learn of another process's write: LISTEN/NOTIFY on
    /// a PostgreSQL server; else inotify on the files whose changes can change the answer — the
    /// database and its `-wal` (its companion, written by writes only), or the fixture document,
    /// read whole (none when no database can be named).
    func wakeSource() -> any WakeSource {
        if case .fixture(let path) = source {
            return FileChanges(data: [path], companions: [], readWhole: true)
        }
        switch try? location() {
        case .postgres(let url)?: return PostgresListener(url, user: author.name)
        case .file(let file)?: return FileChanges(data: [file.path], companions: [file.path.appending("-wal")])
        case nil: return FileChanges(data: [], companions: [])
        }
    }

    /// How this run waits for a PostgreSQL server: a deadline, or keepalives when it keeps going.
    private var waiting: PostgresClient.Waiting {
        if keepsRunning { return .keepalive }
        return .deadline(noAnswer.map { $0() }.map { PostgresClient.NoAnswer(output: $0.output, status: $0.status.rawValue) } ?? .failure)
    }

    private var client: PostgresClient { PostgresClient(user: author.name, waiting: waiting) }

    /// The fixture document; a problem in it is named with the file.
    private func fixture(_ path: SystemPath) throws -> FixtureLoanStore {
        do {
            return try FixtureLoanStore(contentsOf: path)
        } catch let error as DocumentError {
            throw DocumentError(path: "--fixture \(Quoted(path.description)): \(error.path)", message: error.message)
        }
    }

    func close() {
        demo?.remove()
        demo = nil
    }
}

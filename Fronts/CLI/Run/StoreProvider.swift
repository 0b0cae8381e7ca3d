import LoansAdapters
import LoansArguments
import LoansCore
import LoansWake

/// The run's store, only when a command asks: its engine is chosen once, from where the loans are
/// (`StoreEngines`), and asked for everything else — read-only for reads, read-write (recording
/// changes as `author`) for writes, the on-change hook around every writer. A demo database lives
/// until `close()`.
final class StoreProvider {
    private let location: StoreLocation
    private let environment: Environment
    /// Who writes, and whether the run keeps going: what the engine knows of the run.
    private let run: StoreRun
    private var demo: DemoDatabase?
    private var chosen: (any RunEngine)?

    init(location: StoreLocation, environment: Environment, today: CivilDate, clock: any Clock) throws {
        self.location = location
        self.environment = environment
        // Naming the user reads the password database: asked only when a store needs it.
        run = StoreRun { SystemAuthor.current(clock: clock) }
        if location.isDemo { demo = try DemoDatabase(today: today, author: run.author, variable: variable) }
        if case .server(let server) = location {
            // Read already (the arguments were parsed); `ps` must not show a password from now on.
            server.engine.hideSecrets(inArguments: CommandLine.unsafeArgv, count: Int(CommandLine.argc))
        }
    }

    /// Who writes: the OS user @ host.
    var author: Author { run.author }

    /// Whether the run keeps going (the TUI, `--watch`): its server connections then use TCP
    /// keepalives and carry on after a failure, instead of a one-shot run's deadlines.
    var keepsRunning: Bool {
        get { run.keepsRunning }
        set { run.keepsRunning = newValue }
    }

    /// An environment variable's bytes, as given (empty too).
    private func variable(_ name: String) -> [UInt8]? {
        environment[name]?.bytes
    }

    /// The run's engine, chosen the first time it is asked for.
    func engine() throws -> any RunEngine {
        if let chosen { return chosen }
        let engine = try StoreEngines.engine(for: location, run: run, file: file)
        chosen = engine
        return engine
    }

    func reader() throws -> any LoanReading {
        try engine().reader()
    }

    func writer() throws -> any LoanWriting {
        let writer = try engine().writer()
        let hook = ChangeHook(variable: variable)
        writer.onCommit { hook.fire() }
        return writer
    }

    /// Runs `body` — one command's write — on the store for writing. A database file that does
    /// not exist yet appears only if `body` succeeds: a write that fails writes nothing, the file
    /// and its folders included (`remove 99` on a mistyped `--db` leaves nothing behind, nor does
    /// a refused first import); the on-change hook runs once the new file is in place. When
    /// another process made the database meanwhile, a `repeatable` body runs again on that file
    /// (a command's words can be read twice; a document on standard input cannot, so an import
    /// is told to try again).
    func writing<T>(repeatable: Bool = true, _ body: (any LoanWriting) throws -> T) throws -> T {
        let hook = ChangeHook(variable: variable)
        var wrote = false
        let result: T
        do {
            result = try engine().writing { store in
                store.onCommit { wrote = true }
                return try body(store)
            }
        } catch let error as StoreError where error.kind == .createdMeanwhile && repeatable {
            return try body(writer())
        }
        if wrote { hook.fire() }
        return result
    }

    /// The store with its reminders' ledger: for recording (opened for writing) or a dry run
    /// (read-only). A fixture can show reminders but not record them.
    func reminders(recording: Bool) throws -> any LoanReading & ReminderLedger {
        try engine().reminders(recording: recording)
    }

    /// A reader that knows the store's identity (see `StoreEngine.identifiedReader`).
    func identifiedReader() throws -> any LoanReading {
        try engine().identifiedReader()
    }

    /// Whether the database exists: the file, or the loans schema on a server (a fixture counts
    /// as existing: it cannot be written).
    func databaseExists() throws -> Bool {
        try engine().exists()
    }

    /// The database file: the path given (`--db`, `LOANS_DB` or the config file's `db`, whose
    /// folder must exist), else the default place under XDG_DATA_HOME or HOME (made on the first
    /// write), or the demo's file; nil for a server's database and a fixture.
    func file() throws -> DatabaseLocation? {
        switch location {
        case .file(let given):
            // The settings already chose among the option, LOANS_DB and the config file.
            return try DatabaseLocation.resolve(explicit: given) { $0 == "LOANS_DB" ? nil : self.variable($0) }
        case .demo:
            return demo.map { DatabaseLocation(path: $0.path, folders: .mustExist) }
        case .server, .fixture:
            return nil
        }
    }

    /// The database file this run reads when nothing is there yet (a mistyped `--db`); nil for a
    /// file that exists, a server, a fixture and the demo.
    func missingFile() throws -> SystemPath? {
        guard case .file = location, let file = try file(), try !engine().exists() else { return nil }
        return file.path
    }

    /// Who the history names for changes this run makes, as `reader` records them.
    func who(reading reader: any LoanReading) -> String {
        (try? engine())?.who(reading: reader) ?? author.name
    }

    /// What the store adds to a wake loop to learn of another process's write (nothing but the
    /// day's watch when no database can be named).
    func wakeSource() -> any WakeSource {
        (try? engine())?.wakeSource() ?? FileChanges(data: [], companions: [])
    }

    func close() {
        demo?.remove()
        demo = nil
    }
}

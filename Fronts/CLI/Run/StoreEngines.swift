import LoansAdapters
import LoansCore
import LoansPostgres
import LoansWake

/// The one place a run's store engine is chosen, from where the loans are: a fixture document
/// (`--fixture`), the demo's throwaway file (`--demo`), or a database location — a server's, when
/// one of `servers` claims its text, else a SQLite file's path. A new engine for a server is one
/// more entry in `servers`; nothing else in the composition root asks which engine it has.
enum StoreEngines {
    /// The engines a location's text can name, asked in order.
    static var servers: [any ServerEngine.Type] { [PostgresEngine.self] }

    /// The server engine whose location `text` is, if any.
    static func server(claiming text: String) -> (any ServerEngine.Type)? {
        servers.first { $0.claims(text) }
    }

    /// The engine of `source`; `location` resolves a database's location when it is needed (the
    /// demo's file when there is one).
    static func engine(
        for source: DataSource, run: StoreRun, location: () throws -> StoreProvider.Location
    ) throws -> any RunEngine {
        if case .fixture(let path) = source { return FixtureEngine(path, run: run) }
        switch try location() {
        case .file(let file): return SQLiteEngine(file, run: run)
        case .server(let text, let engine): return engine.init(text, run: run)
        }
    }
}

/// What a run asks of its store: Core's engine, and the source a wake loop watches it by.
typealias RunEngine = StoreEngine & WatchedStore

/// An engine reached by a location's text (a URL) rather than a file's path.
protocol ServerEngine: RunEngine {
    /// Whether `location` names a store of this engine.
    static func claims(_ location: String) -> Bool

    /// The location as messages and `loans config` show it: without its secrets.
    static func shown(_ location: String) -> String

    /// Whether the location carries a secret itself (a password), which belongs elsewhere.
    static func holdsPassword(_ location: String) -> Bool

    /// Masks the secrets a location may carry among the process's arguments (what `ps` shows);
    /// called once the arguments have been read.
    static func hideSecrets(inArguments arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int)

    init(_ location: String, run: StoreRun)
}

extension PostgresEngine: ServerEngine {}

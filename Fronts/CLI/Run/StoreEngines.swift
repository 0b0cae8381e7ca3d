import LoansAdapters
import LoansCore
import LoansPostgres
import LoansWake

/// The one place a run's store engine is chosen, from where the loans are (`StoreLocation`): a
/// fixture document, a SQLite file (the demo's too), or a server's database — one of `servers`
/// claimed its text when the settings were read. A new engine for a server is one more entry in
/// `servers`; nothing else in the composition root asks which engine it has.
enum StoreEngines {
    /// The engines a location's text can name, asked in order.
    static var servers: [any ServerEngine.Type] { [PostgresEngine.self] }

    /// The engine of `location`; `file` resolves a database file's place when it is needed (the
    /// default place, or the demo's file).
    static func engine(for location: StoreLocation, run: StoreRun, file: () throws -> DatabaseLocation?) throws -> any RunEngine {
        switch location {
        case .fixture(let path): return FixtureEngine(path, run: run)
        case .server(let server): return server.engine.init(server.text, run: run)
        case .file, .demo:
            guard let file = try file() else { throw StoreError(.unavailable, "there is no database file") }
            return SQLiteEngine(file, run: run)
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

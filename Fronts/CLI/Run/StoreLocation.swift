import LoansAdapters
import LoansArguments
import LoansCore
import LoansText

/// Where a run's loans are, read once with the settings: a SQLite file (the path given, or nil
/// for the default place, resolved when first needed), a server's database, a read-only fixture
/// document (`--fixture`), or the demo's throwaway file (`--demo`). Whether a location's text
/// names a server is decided once, where the text is read (`DatabaseName.reader`); everything
/// after asks this value.
enum StoreLocation: Equatable {
    case file(SystemPath?)
    case server(ServerLocation)
    case fixture(SystemPath)
    case demo

    /// The location the options and settings give: `--fixture`, else `--demo`, else the `db`
    /// setting (the option, `LOANS_DB`, the config file), else the default place.
    init(fixture: SystemPath?, demo: Bool, database: DatabaseName?) {
        if let fixture {
            self = .fixture(fixture)
        } else if demo {
            self = .demo
        } else {
            switch database {
            case .file(let path): self = .file(path)
            case .server(let server): self = .server(server)
            case nil: self = .file(nil)
            }
        }
    }

    var isDemo: Bool {
        if case .demo = self { return true }
        return false
    }
}

/// A database on a server: the text that names it (a URL or `key=value` words) and the engine
/// that claimed the text.
struct ServerLocation: Equatable, @unchecked Sendable {
    let text: String
    let engine: any ServerEngine.Type

    /// The server engine that claims `text`, if any.
    init?(_ text: String) {
        guard let engine = StoreEngines.servers.first(where: { $0.claims(text) }) else { return nil }
        self.text = text
        self.engine = engine
    }

    static func == (lhs: ServerLocation, rhs: ServerLocation) -> Bool {
        lhs.text == rhs.text && ObjectIdentifier(lhs.engine) == ObjectIdentifier(rhs.engine)
    }

    /// Whether the location carries a password itself, which belongs in `~/.pgpass` or the
    /// environment instead.
    var holdsPassword: Bool { engine.holdsPassword(text) }

    /// The location for the screen: without its password, and without the user before a URL's `@`.
    var printable: String {
        let url = SafeText.sanitized(engine.shown(text))
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        return String(url[..<scheme.upperBound]) + "…" + String(url[at...])
    }
}

/// The `db` setting's value: a SQLite file's path, or a server's database.
enum DatabaseName: Equatable, Sendable {
    case file(SystemPath)
    case server(ServerLocation)

    /// Reads a `db` value: text a server engine claims names its database; any other bytes are a
    /// file's path, kept as given.
    static let reader = ValueReader<DatabaseName>(.path, shown: \.description) { input throws(ValueError) in
        if let text = String(validating: input.bytes, as: UTF8.self), let server = ServerLocation(text) { return .server(server) }
        return .file(try input.path())
    }

    /// The value as given (a server's with its password: `loans config` shows `printable`).
    var description: String {
        switch self {
        case .file(let path): path.description
        case .server(let server): server.text
        }
    }
}

extension DatabaseName: PathHolding {
    /// A file's path made absolute as the config file wants it; a server's location as it is.
    func madeAbsolute(_ absolute: (SystemPath) throws(ValueError) -> SystemPath) throws(ValueError) -> DatabaseName {
        switch self {
        case .file(let path): return .file(try absolute(path))
        case .server: return self
        }
    }
}

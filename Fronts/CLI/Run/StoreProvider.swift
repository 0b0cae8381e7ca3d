import Glibc
import LoansAdapters
import LoansCore
import LoansInterchange

/// Opens the store the settings name, only when a command asks: read-only for reads,
/// read-write (recording changes as `author`) for writes. A demo database lives until `close()`.
/// Paths reach the adapters as `SystemPath`, byte for byte.
final class StoreProvider {
    private let source: DataSource
    private let environment: [String: String]
    private let author: Author
    private var demo: DemoDatabase?

    init(source: DataSource, environment: [String: String], today: CivilDate, author: Author) throws {
        self.source = source
        self.environment = environment
        self.author = author
        if source == .demo { demo = try DemoDatabase(today: today, author: author, variable: variable) }
    }

    /// An environment variable's bytes.
    private func variable(_ name: String) -> [UInt8]? {
        environment[name].map { Array($0.utf8) }
    }

    func reader() throws -> any LoanReading {
        switch source {
        case .fixture(let path):
            do {
                return try FixtureLoanStore(contentsOf: try StoreProvider.path(path, "--fixture"))
            } catch let error as DocumentError {
                throw DocumentError(path: "--fixture \(Quoted(path)): \(error.path)", message: error.message)
            }
        case .database, .demo: return try LoanDatabase.reader(at: try location())
        }
    }

    func writer() throws -> any LoanWriting {
        if case .fixture(let path) = source {
            throw StoreError(.readOnly, "--fixture \(Quoted(path)) is read-only; changes need a database (--db PATH)")
        }
        let store = try LoanDatabase.writer(at: try location(), author: author)
        return HookedLoanStore(store, hook: ChangeHook(variable: variable))
    }

    /// Whether the database file exists (a fixture counts as existing: it cannot be written).
    func databaseExists() throws -> Bool {
        if case .fixture = source { return true }
        var info = stat()
        return try location().path.withCString { stat($0, &info) } == 0
    }

    /// Where the database is: `--db`, `LOANS_DB` or the default place; the demo's file.
    func location() throws -> DatabaseLocation {
        switch source {
        case .database(let explicit):
            return try DatabaseLocation.resolve(explicit: try explicit.map { try StoreProvider.path($0, "--db") }, variable: variable)
        case .demo, .fixture:
            guard let demo else { throw StoreError(.readOnly, "there is no database: the loans come from a fixture") }
            return DatabaseLocation(path: demo.path, folders: .mustExist)
        }
    }

    /// The files whose changes can change the answer: the database and its `-wal`, or the
    /// fixture document; none when no database can be named.
    func watchedPaths() -> [SystemPath] {
        if case .fixture(let text) = source { return (try? StoreProvider.path(text, "--fixture")).map { [$0] } ?? [] }
        guard let path = try? location().path else { return [] }
        return [path, path.appending("-wal")]
    }

    /// A path given on the command line, as the adapters take it.
    static func path(_ text: String, _ option: String) throws(CLIError) -> SystemPath {
        guard let path = SystemPath(text) else { throw CLIError.usage("\(option): \(Quoted(text)) is not a usable path", nil) }
        return path
    }

    func close() {
        demo?.remove()
        demo = nil
    }
}

import LoansAdapters
import LoansCore

/// Opens the store the settings name, only when a command asks: read-only for reads,
/// read-write for writes. A demo database lives until `close()`.
final class StoreProvider {
    private let source: DataSource
    private let environment: [String: String]
    private var demo: DemoDatabase?

    init(source: DataSource, environment: [String: String], today: CivilDate) throws {
        self.source = source
        self.environment = environment
        if source == .demo { demo = try DemoDatabase(today: today) }
    }

    func reader() throws -> any LoanReading {
        switch source {
        case .fixture(let path): return try FixtureLoanStore(contentsOf: path)
        case .database, .demo: return try LoanDatabase.reader(at: try databasePath())
        }
    }

    func writer() throws -> any LoanWriting {
        if case .fixture(let path) = source {
            throw StoreError(.readOnly, "--fixture \(Quoted(path)) is read-only; changes need a database (--db PATH)")
        }
        return HookedLoanStore(try LoanDatabase.writer(at: try databasePath()), hook: ChangeHook(environment: environment))
    }

    /// The database file in use; empty for a fixture.
    func databasePath() throws -> String {
        switch source {
        case .database(let explicit): return try DatabaseLocation.resolve(explicit: explicit, environment: environment)
        case .demo, .fixture: return demo?.path ?? ""
        }
    }

    /// The files whose changes can change the answer: the database and its `-wal`, or the
    /// fixture document; none when no database can be named.
    func watchedPaths() -> [String] {
        if case .fixture(let path) = source { return [path] }
        guard let path = try? databasePath(), !path.isEmpty else { return [] }
        return [path, path + "-wal"]
    }

    func close() {
        demo?.remove()
        demo = nil
    }
}

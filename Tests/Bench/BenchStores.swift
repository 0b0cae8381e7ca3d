import LoansAdapters
import LoansCore
import LoansPostgres

/// The stores the benchmark reads, opened as the command line opens them for a run that keeps
/// going: a SQLite file by its path, or a PostgreSQL database by its `postgresql://` URL (with
/// keepalives, as the TUI waits). The benchmark only reads; asked for a writer, it refuses.
final class BenchStores: LoanStores {
    private let open: () throws -> any LoanReading
    private var opened: (any LoanReading)?

    init(location: String) throws {
        if PostgresEngine.claims(location) {
            let client = PostgresClient(user: SystemAuthor.user(), waiting: .keepalive)
            open = { try PostgresDatabase.reader(location, client: client) }
        } else {
            guard let path = SystemPath(location) else { throw BenchError("--db: \(Quoted(location)) is not a path") }
            open = { try LoanDatabase.reader(at: path) }
        }
    }

    func reader() throws -> any LoanReading {
        if let opened { return opened }
        let reader = try open()
        opened = reader
        return reader
    }

    func writer() throws -> any LoanWriting {
        throw StoreError(.readOnly, "the benchmark only reads")
    }
}

/// Why the benchmark cannot run, said on stderr (exit 64).
struct BenchError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

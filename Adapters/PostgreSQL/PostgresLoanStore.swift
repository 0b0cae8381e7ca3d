import LoansCore

/// The loans of one PostgreSQL database (schema `loans`): answers Core's bounded questions with
/// indexed SQL, pages long walks so memory stays bounded, and writes each change in one
/// transaction with its history. One connection, used from one thread at a time, like the SQLite
/// store.
final class PostgresLoanStore: LoanWriting {
    let connection: PostgresConnection
    /// Who changes are recorded as; nil for a store opened for reading.
    let author: Author?
    /// Whether the database keeps the folded copies searches compare, once asked.
    var keepsFoldedCopies: Bool?
    /// Whether the database keeps contacts, once it was seen to (a writer may upgrade the
    /// schema while a reader lives, so a no is asked again).
    var peopleTablesSeen = false
    /// What runs after each change this store commits (`onCommit`).
    private var commitActions: [() -> Void] = []

    /// Rows fetched per statement in a long walk: memory stays bounded at any table size, and a
    /// visitor may ask the store something else between pages.
    static let pageSize = 1000

    /// Reads see one snapshot of the whole database from their first statement on.
    static let readSnapshot = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    init(connection: PostgresConnection, author: Author?) {
        self.connection = connection
        self.author = author
    }

    func onCommit(_ action: @escaping () -> Void) {
        commitActions.append(action)
    }

    /// Runs what waits for a change that wrote something.
    func committed() {
        commitActions.forEach { $0() }
    }

    /// Runs PostgreSQL work, reporting its failures in Core's terms; other errors pass through.
    @discardableResult
    func postgres<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError {
            throw unavailable(error)
        }
    }

    /// A PostgreSQL failure in Core's terms, naming the database without its password (a wait that
    /// ran out is `.timedOut`).
    func unavailable(_ error: PostgresError) -> StoreError {
        error.inStoreTerms(connection.target)
    }

    func snapshot<T>(_ body: () throws -> T) throws -> T {
        try postgres { try connection.transaction(PostgresLoanStore.readSnapshot, endLater: true, body) }
    }

    func loan(_ id: LoanID) throws -> Loan? {
        try postgres {
            let result = try connection.execute("SELECT \(PostgresLoanRow.columns) FROM loans.loan WHERE id = $1", [id.description])
            return result.rowCount == 0 ? nil : try PostgresLoanRow.decode(result, row: 0)
        }
    }

    func countOpenLoans(due range: DueRange) throws -> Int {
        try postgres {
            let result = try connection.execute(
                "SELECT coalesce(sum(open_count), 0) FROM loans.open_due_day WHERE due_on >= $1 AND due_on <= $2",
                [(range.from ?? .earliest).iso, range.through.iso]
            )
            return Int(result.int64(0, 0) ?? 0)
        }
    }

    func openLoans(
        due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        try PostgresLoanStore.paged(from: key, limit: limit, key: DueOrderKey.init) { key, size in
            var query = BoundSQL("SELECT \(PostgresLoanRow.columns) FROM loans.loan")
            query.append(PostgresLoanStore.openLoans(range, beyond: key, descending: descending, into: &query))
            let pageLimit = query.bind(String(size))
            query.append(descending ? " ORDER BY due_on DESC, id DESC" : " ORDER BY due_on, id")
            query.append(" LIMIT \(pageLimit)")
            return try fetch(query)
        } _: { try visit($0) }
    }

    func loans(_ selection: LoanSelection, _ visit: (Loan) throws -> Void) throws {
        let filter = switch selection {
        case .open: " AND returned_on IS NULL"
        case .returned: " AND returned_on IS NOT NULL"
        case .all: ""
        }
        var after: Int64 = 0
        while true {
            var query = BoundSQL("SELECT \(PostgresLoanRow.columns) FROM loans.loan")
            let afterID = query.bind(String(after))
            query.append(" WHERE id > \(afterID)\(filter) ORDER BY id LIMIT \(PostgresLoanStore.pageSize)")
            let loans = try fetch(query)
            for loan in loans { try visit(loan) }
            guard loans.count == PostgresLoanStore.pageSize, let last = loans.last else { return }
            after = last.id.rawValue
        }
    }

    /// The loans a query finds, all decoded before any is visited.
    func fetch(_ query: BoundSQL) throws -> [Loan] {
        try rows(query) { result, row throws(StoreError) in try PostgresLoanRow.decode(result, row: row) }
    }

    /// The rows a query finds, each decoded by `decode`, all before any is used — so a visitor
    /// may ask the store something else meanwhile.
    func rows<Row>(_ query: BoundSQL, _ decode: (PostgresResult, Int) throws(StoreError) -> Row) throws -> [Row] {
        try postgres {
            let result = try connection.execute(query)
            var rows: [Row] = []
            rows.reserveCapacity(result.rowCount)
            for row in 0..<result.rowCount { rows.append(try decode(result, row)) }
            return rows
        }
    }
}

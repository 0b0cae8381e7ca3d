import LoansCore

/// The loans database: answers Core's bounded queries with indexed SQL and writes each
/// change in one transaction.
final class SQLiteLoanStore: LoanWriting {
    let connection: SQLiteConnection
    /// Who changes are recorded as; nil for a store opened for reading.
    let author: Author?
    /// Whether the database has the search index, once asked.
    var searchIndexPresent: Bool?
    /// How often each trigram occurs in the search index, up to `SearchPhrase.rareBelow` (a
    /// guide for choosing the phrase; stale counts cost speed, never correctness).
    var trigramCounts: [String: Int] = [:]
    /// What runs after each change this store writes (`onCommit`).
    private var commitActions: [() -> Void] = []

    init(connection: SQLiteConnection, author: Author?) {
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

    /// Runs SQLite work, reporting SQLite's failures in Core's terms; other errors pass through.
    func sqlite<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw StoreError(.unavailable, "database \(Quoted(connection.path)): \(error)", underlying: error)
        }
    }

    func snapshot<T>(_ body: () throws -> T) throws -> T {
        try sqlite { try connection.transaction(immediate: false, body) }
    }

    func loan(_ id: LoanID) throws -> Loan? {
        try sqlite {
            let statement = try connection.statement("SELECT \(LoanRow.columns) FROM loan WHERE id = ?1")
            try statement.bind([.integer(id.rawValue)])
            defer { statement.reset() }
            return try statement.step() ? try LoanRow.decode(statement) : nil
        }
    }

    func countOpenLoans(due range: DueRange) throws -> Int {
        try sqlite {
            let statement = try connection.statement(
                "SELECT coalesce(sum(open_count), 0) FROM open_due_day WHERE due_on >= ?1 AND due_on <= ?2"
            )
            try statement.bind([.text((range.from ?? .earliest).iso), .text(range.through.iso)])
            return Int(try statement.scalar())
        }
    }

    func openLoans(
        due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        if let limit, limit <= 0 { return }
        try each(try orderedOpenLoans(range, beyond: key, descending: descending, limit: limit), visit)
    }

    /// The statement of an ordered walk over open loans due within `range`, ready to step; `only`
    /// narrows it to the rows of a partial index (its name and its condition).
    func orderedOpenLoans(
        _ range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        only: (index: String, condition: String)? = nil
    ) throws -> Statement {
        let from = range.from ?? .earliest
        // The key replaces the range's bound on its side (SQLite seeks an index with one bound a
        // side: given both, it may seek by the range and filter up to the key, row by row).
        let key = key.flatMap { key in descending ? (key.dueOn <= range.through ? key : nil) : (key.dueOn >= from ? key : nil) }
        var sql = "SELECT \(LoanRow.columns) FROM loan"
        if let only { sql += " INDEXED BY \(only.index) WHERE returned_on IS NULL AND \(only.condition)" }
        else { sql += " WHERE returned_on IS NULL" }
        switch (key, descending) {
        case (nil, _): sql += " AND due_on >= ?1 AND due_on <= ?2"
        case (_, false): sql += " AND (due_on, id) > (?3, ?4) AND due_on <= ?2"
        case (_, true): sql += " AND (due_on, id) < (?3, ?4) AND due_on >= ?1"
        }
        sql += descending ? " ORDER BY due_on DESC, id DESC LIMIT ?5" : " ORDER BY due_on, id LIMIT ?5"
        return try sqlite {
            let statement = try connection.statement(sql)
            // A bound the SQL does not name goes unused; SQLite reads LIMIT -1 as no limit.
            try statement.bind([
                .text(from.iso), .text(range.through.iso), .text(key?.dueOn.iso), .integer(key?.id.rawValue),
                .integer(limit.map(Int64.init) ?? -1),
            ])
            return statement
        }
    }

    func returnedLoans(
        beyond key: ReturnOrderKey?, newestFirst: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws {
        if let limit, limit <= 0 { return }
        var sql = "SELECT \(LoanRow.columns) FROM loan WHERE returned_on IS NOT NULL"
        if key != nil { sql += newestFirst ? " AND (returned_on, id) < (?1, ?2)" : " AND (returned_on, id) > (?1, ?2)" }
        sql += newestFirst ? " ORDER BY returned_on DESC, id DESC LIMIT ?3" : " ORDER BY returned_on, id LIMIT ?3"
        let statement = try sqlite {
            let statement = try connection.statement(sql)
            try statement.bind([.text(key?.returnedOn.iso), .integer(key?.id.rawValue), .integer(limit.map(Int64.init) ?? -1)])
            return statement
        }
        try each(statement, visit)
    }

    func loans(_ selection: LoanSelection, _ visit: (Loan) throws -> Void) throws {
        let filter = switch selection {
        case .open: " WHERE returned_on IS NULL"
        case .returned: " WHERE returned_on IS NOT NULL"
        case .all: ""
        }
        let statement = try sqlite { try connection.statement("SELECT \(LoanRow.columns) FROM loan\(filter) ORDER BY id") }
        try each(statement, visit)
    }

    func each(_ statement: Statement, _ visit: (Loan) throws -> Void) throws {
        defer { statement.reset() }
        while try sqlite({ try statement.step() }) {
            try visit(try LoanRow.decode(statement))
        }
    }

}

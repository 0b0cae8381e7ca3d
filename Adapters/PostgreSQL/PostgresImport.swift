import LoansCore

/// One import in progress, inside the import's transaction: loans go in by batches, each keeping
/// its id where that id is free; the others wait and go in at the end with new ids, once the id
/// sequence has moved past every id kept (`setval`), so no later `add` collides with one. The
/// per-day open counts are added once at the end, from the loans written (the triggers stand
/// aside for this transaction).
struct PostgresImport {
    /// Loans per statement: 9 parameters each, well under PostgreSQL's 65 535.
    static let batchSize = 500

    let connection: PostgresConnection
    private var pending: [Loan] = []
    private var taken: [Loan] = []
    private var kept = 0
    private var highestKept: Int64 = 0
    private var openByDueDay: [CivilDate: Int] = [:]

    /// Starts an import in the connection's open transaction.
    init(connection: PostgresConnection) throws(PostgresError) {
        self.connection = connection
        try connection.execute("SELECT set_config('loans.bulk_import', 'on', true)")
    }

    mutating func insert(_ loan: Loan) throws(PostgresError) {
        pending.append(loan)
        if pending.count == PostgresImport.batchSize { try insertPending() }
    }

    /// Writes what is left and says what the import did.
    mutating func finish() throws(PostgresError) -> ImportOutcome {
        try insertPending()
        if highestKept > 0 {
            try connection.execute(
                """
                SELECT setval('loans.loan_id_seq', $1) FROM loans.loan_id_seq
                WHERE $1::bigint > CASE WHEN is_called THEN last_value ELSE last_value - 1 END
                """,
                [String(highestKept)]
            )
        }
        var start = 0
        while start < taken.count {
            let batch = taken[start..<min(start + PostgresImport.batchSize, taken.count)]
            try connection.execute(PostgresImport.values("INSERT INTO loans.loan (\(PostgresLoanRow.fieldColumns)) VALUES ", batch, ids: false))
            for loan in batch { countIfOpen(loan) }
            start += batch.count
        }
        try addDayCounts()
        try connection.execute("SELECT set_config('loans.bulk_import', 'off', true)")
        return ImportOutcome(imported: kept + taken.count, renumbered: taken.count)
    }

    private mutating func countIfOpen(_ loan: Loan) {
        if loan.isOpen { openByDueDay[loan.dueOn, default: 0] += 1 }
    }

    /// Adds the loans written to the per-day open counts: one statement, days in date order.
    private func addDayCounts() throws(PostgresError) {
        guard !openByDueDay.isEmpty else { return }
        let days = openByDueDay.keys.sorted()
        try connection.execute(
            """
            INSERT INTO loans.open_due_day AS day (due_on, open_count)
                SELECT * FROM unnest($1::date[], $2::bigint[]) ORDER BY 1
                ON CONFLICT (due_on) DO UPDATE SET open_count = day.open_count + excluded.open_count
            """,
            ["{" + days.map(\.iso).joined(separator: ",") + "}", "{" + days.map { String(openByDueDay[$0]!) }.joined(separator: ",") + "}"]
        )
    }

    /// Inserts the pending loans with their ids; those whose id is taken (by an earlier loan or
    /// one earlier in the same batch) are set aside.
    private mutating func insertPending() throws(PostgresError) {
        guard !pending.isEmpty else { return }
        let result = try connection.execute(
            PostgresImport.values("INSERT INTO loans.loan (id, \(PostgresLoanRow.fieldColumns)) VALUES ", pending[...], ids: true)
                .appending(" ON CONFLICT (id) DO NOTHING RETURNING id")
        )
        var inserted: [Int64: Int] = [:]
        for row in 0..<result.rowCount {
            if let id = result.int64(row, 0) { inserted[id, default: 0] += 1 }
        }
        for loan in pending {
            if let count = inserted[loan.id.rawValue], count > 0 {
                inserted[loan.id.rawValue] = count - 1
                kept += 1
                highestKept = max(highestKept, loan.id.rawValue)
                countIfOpen(loan)
            } else {
                taken.append(loan)
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// An INSERT of `loans` as one multi-row VALUES list, every value a parameter.
    private static func values(_ head: String, _ loans: ArraySlice<Loan>, ids: Bool) -> BoundSQL {
        var query = BoundSQL(head)
        for (index, loan) in loans.enumerated() {
            let fields = (ids ? [loan.id.description] : []) + PostgresLoanRow.parameters(of: loan)
            let placeholders = fields.map { query.bind($0) }
            query.append((index == 0 ? "(" : ", (") + placeholders.joined(separator: ", ") + ")")
        }
        return query
    }
}

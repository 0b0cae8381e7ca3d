import LoansCore

/// What a change that may touch many loans — an import, or the undo or redo of one — knows while
/// it runs, so that it costs a few statements per thousand loans rather than three per loan. It
/// holds the loan table against other writers, so what it read stays true until it ends:
///
/// - the ids around the one asked about are read a window at a time — the loans stored there and
///   the ids the history knows (a document from `json all` comes in id order, so one window
///   answers a thousand questions);
/// - loans stored under their own id wait in a batch and go in with one statement, their records
///   in the history with another;
/// - the per-day open counts of everything it writes are summed here and added once at its end
///   (the triggers stand aside for its transaction).
struct PostgresBulkChange {
    static let windowSize = 1000
    static let batchSize = 500

    /// The ids whose state `stored` and `used` hold.
    private var covered: ClosedRange<Int64>?
    private var stored: [Int64: Loan] = [:]
    private var used: Set<Int64> = []
    /// Loans to store under their own ids, in the order given.
    private(set) var pending: [Loan] = []
    /// Open loans per due day that the change added (+) and took away (−).
    private(set) var dayCounts: [CivilDate: Int] = [:]

    /// Whether `id` is in the window (then `stored` and `used` answer for it).
    func covers(_ id: LoanID) -> Bool {
        covered?.contains(id.rawValue) ?? false
    }

    /// The stored loan with this id, from the window (reading a new one when needed).
    func loan(_ id: LoanID) -> Loan? {
        stored[id.rawValue]
    }

    /// Whether a loan has, or ever had, this id, from the window.
    func isTaken(_ id: LoanID) -> Bool {
        stored[id.rawValue] != nil || used.contains(id.rawValue)
    }

    /// Reads the window that starts at `id`. Pending loans must be written first.
    mutating func read(from id: LoanID, _ connection: PostgresConnection) throws {
        precondition(pending.isEmpty, "the window is read with every pending loan written")
        let start = id.rawValue
        let loans = try connection.execute(
            "SELECT \(PostgresLoanRow.columns) FROM loans.loan WHERE id >= $1 ORDER BY id LIMIT \(PostgresBulkChange.windowSize)",
            [String(start)]
        )
        var end = Int64.max
        stored = [:]
        for row in 0..<loans.rowCount {
            let loan = try PostgresLoanRow.decode(loans, row: row)
            stored[loan.id.rawValue] = loan
        }
        if loans.rowCount == PostgresBulkChange.windowSize, let last = stored.keys.max() { end = last }
        let history = try connection.execute(
            """
            SELECT DISTINCT loan_id FROM loans.change_loan WHERE loan_id >= $1 AND loan_id <= $2
            ORDER BY loan_id LIMIT \(PostgresBulkChange.windowSize)
            """,
            [String(start), String(end)]
        )
        used = Set((0..<history.rowCount).compactMap { history.int64($0, 0) })
        if history.rowCount == PostgresBulkChange.windowSize, let last = used.max() {
            end = last
            stored = stored.filter { $0.key <= last }
        }
        covered = start...end
    }

    /// Takes a loan to store under its own id; true when the batch is full.
    mutating func add(_ loan: Loan) -> Bool {
        pending.append(loan)
        noteWritten(loan.id, before: nil, after: loan)
        return pending.count >= PostgresBulkChange.batchSize
    }

    /// Keeps the window and the day counts true after a write.
    mutating func noteWritten(_ id: LoanID, before: Loan?, after: Loan?) {
        if covers(id) {
            stored[id.rawValue] = after
            used.insert(id.rawValue)
        }
        if let before, before.isOpen { dayCounts[before.dueOn, default: 0] -= 1 }
        if let after, after.isOpen { dayCounts[after.dueOn, default: 0] += 1 }
    }

    /// Writes the pending loans and their records in change `change`, and moves the id sequence
    /// past them.
    mutating func writePending(change: ChangeID, _ connection: PostgresConnection) throws(PostgresError) {
        guard !pending.isEmpty else { return }
        var loans = BoundSQL("WITH stored AS (INSERT INTO loans.loan (id, \(PostgresLoanRow.fieldColumns)) VALUES ")
        var records = BoundSQL("""
            INSERT INTO loans.change_loan (change_id, loan_id, \(PostgresLoanRow.stateColumns("before")), \(PostgresLoanRow.stateColumns("after")))
            VALUES
            """)
        let changeID = records.bind(change.description)
        for (index, loan) in pending.enumerated() {
            let comma = index == 0 ? " " : ", "
            let fields = PostgresLoanRow.parameters(of: loan)
            let loanValues = ([loan.id.description] + fields).map { loans.bind($0) }
            loans.append(comma + "(" + loanValues.joined(separator: ", ") + ")")
            let recordValues = ([loan.id.description] + PostgresLoanRow.stateParameters(nil) + PostgresLoanRow.stateParameters(loan))
                .map { records.bind($0) }
            records.append(comma + "(\(changeID), " + recordValues.joined(separator: ", ") + ")")
        }
        loans.append("""
             RETURNING id)
            SELECT setval('loans.loan_id_seq', highest) FROM (SELECT max(id) AS highest FROM stored) AS batch, loans.loan_id_seq AS sequence
            WHERE highest > CASE WHEN sequence.is_called THEN sequence.last_value ELSE sequence.last_value - 1 END
            """)
        try connection.execute(loans)
        try connection.execute(records)
        pending.removeAll(keepingCapacity: true)
    }

    /// Adds the change's part to the per-day open counts: one statement, days in date order,
    /// days that come to nothing removed.
    func writeDayCounts(_ connection: PostgresConnection) throws(PostgresError) {
        let days = dayCounts.keys.filter { dayCounts[$0] != 0 }.sorted()
        guard !days.isEmpty else { return }
        try connection.execute(
            """
            INSERT INTO loans.open_due_day AS day (due_on, open_count)
                SELECT * FROM unnest($1::date[], $2::bigint[]) ORDER BY 1
                ON CONFLICT (due_on) DO UPDATE SET open_count = day.open_count + excluded.open_count
            """,
            ["{" + days.map(\.iso).joined(separator: ",") + "}", "{" + days.map { String(dayCounts[$0]!) }.joined(separator: ",") + "}"]
        )
        try connection.execute("DELETE FROM loans.open_due_day WHERE open_count = 0")
    }
}

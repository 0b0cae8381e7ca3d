import LoansCore

/// What a change that may touch many loans — an import, or the undo or redo of one — knows while
/// it runs, so that it costs a few statements per thousand loans rather than three per loan. It
/// holds the loan table against other writers, so what it read stays true until it ends:
///
/// - the ids around the one asked about are read a window at a time — the loans stored there and
///   the ids the history knows (a document from `json all` comes in id order, and so do a
///   change's loans, so one window answers a thousand questions);
/// - its writes — loans stored under their own ids, updated or deleted — wait in a batch and go
///   in with one statement of each kind, their records in the history with one more; new loans
///   and first records go in through `COPY … FROM STDIN`, the server's fastest way in;
/// - the per-day open counts of everything it writes are summed here and added once at its end
///   (the triggers stand aside for its transaction);
/// - the id sequence is moved once, at its end, past every id it stored, and a new loan's id is
///   counted here rather than taken from the sequence (`nextval` and `setval` are not undone by a
///   rollback: a change that fails must leave the sequence where it was).
struct PostgresBulkChange {
    static let windowSize = 1000
    /// Writes waiting at most: each batch costs a few round trips, which on a busy machine cost
    /// more than the server's work on a thousand rows (a window that moves writes its batch
    /// first, so a change over stored loans writes a window's worth at a time).
    static let batchSize = 10_000

    /// A write waiting in the batch: the loan as stored now (nil: none) and as it is to be
    /// (nil: deleted).
    struct Write {
        let id: LoanID
        let before: Loan?
        let after: Loan?
    }

    /// The ids whose state `stored` and `used` hold.
    private var covered: ClosedRange<Int64>?
    private var stored: [Int64: Loan] = [:]
    private var used: Set<Int64> = []
    /// Writes waiting for the batch's statements, in the order given; each id at most once.
    private(set) var pending: [Write] = []
    private var pendingIDs: Set<Int64> = []
    /// Open loans per due day that the change added (+) and took away (−).
    private(set) var dayCounts: [CivilDate: Int] = [:]
    /// The largest id the change stored a loan under (0: none yet).
    private(set) var highestStored: Int64 = 0
    /// The id the next new loan takes, once the sequence was read.
    private var nextNew: Int64?
    /// The largest id the change has a record of (0: none yet): a write of a larger id is the
    /// loan's first in the change, whose record can be copied in, as it meets no earlier one.
    private var recordedUpTo: Int64 = 0

    /// Whether `id` is in the window (then `stored` and `used` answer for it).
    func covers(_ id: LoanID) -> Bool {
        covered?.contains(id.rawValue) ?? false
    }

    /// The stored loan with this id, from the window (`covers(id)` must hold: the writer reads
    /// the window that starts there first).
    func loan(_ id: LoanID) -> Loan? {
        stored[id.rawValue]
    }

    /// Whether a loan has, or ever had, this id, from the window.
    func isTaken(_ id: LoanID) -> Bool {
        stored[id.rawValue] != nil || used.contains(id.rawValue)
    }

    /// Whether a write of `id` is waiting (a second one must wait for the first to be written).
    func isPending(_ id: LoanID) -> Bool {
        pendingIDs.contains(id.rawValue)
    }

    /// Reads the window that starts at `id`. Pending writes must be written first.
    mutating func read(from id: LoanID, _ connection: PostgresConnection) throws {
        precondition(pending.isEmpty, "the window is read with every pending write written")
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

    /// The id for a new loan: past the sequence's place and past every id the change stored, read
    /// once and counted on from there (the loan table is the change's alone meanwhile). Nil when
    /// the largest id loans can give is taken.
    mutating func newID(_ connection: PostgresConnection) throws(PostgresError) -> LoanID? {
        if nextNew == nil {
            let sequence = try connection.execute(
                "SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM loans.loan_id_seq"
            )
            nextNew = sequence.int64(0, 0) ?? 1
        }
        let id = max(nextNew!, highestStored + 1)
        guard id <= LoanID.maximum.rawValue else { return nil }
        nextNew = id + 1
        return LoanID(id)
    }

    /// Takes a write (of an id not pending, in the window); true when the batch is full.
    mutating func add(_ write: Write) -> Bool {
        pending.append(write)
        pendingIDs.insert(write.id.rawValue)
        if write.before == nil, write.after != nil { highestStored = max(highestStored, write.id.rawValue) }
        noteWritten(write.id, before: write.before, after: write.after)
        return pending.count >= PostgresBulkChange.batchSize
    }

    /// Keeps the window and the day counts true after a write. A window that reaches past the
    /// table's last id holds every loan written there: once it holds a batch's worth, it is
    /// given up (the next question reads the table again), so memory stays bounded.
    mutating func noteWritten(_ id: LoanID, before: Loan?, after: Loan?) {
        if covers(id) {
            stored[id.rawValue] = after
            used.insert(id.rawValue)
            if used.count > PostgresBulkChange.windowSize + PostgresBulkChange.batchSize {
                covered = nil
                stored = [:]
                used = []
            }
        }
        if let before, before.isOpen { dayCounts[before.dueOn, default: 0] -= 1 }
        if let after, after.isOpen { dayCounts[after.dueOn, default: 0] += 1 }
    }

    /// Writes the pending writes and their records in change `change` — one `COPY` for the loans
    /// stored under their own ids, one statement for the updates, one for the deletions, one
    /// `COPY` for the loans' first records in the change and one statement for the records it
    /// had already (none at all when `change` is nil: an import that adopted another store's
    /// history records nothing of its own).
    mutating func writePending(change: ChangeID?, _ connection: PostgresConnection) throws(PostgresError) {
        guard !pending.isEmpty else { return }
        let inserted = pending.compactMap { $0.before == nil ? $0.after : nil }
        let updated = pending.compactMap { $0.before == nil ? nil : $0.after }
        let deleted = pending.filter { $0.after == nil }.map(\.id)
        if !inserted.isEmpty { try connection.copy(PostgresBulkChange.loanCopy, PostgresBulkChange.loanRows(inserted)) }
        if !updated.isEmpty { try connection.execute(PostgresBulkChange.update(updated)) }
        if !deleted.isEmpty {
            try connection.execute("DELETE FROM loans.loan WHERE id = ANY ($1::bigint[])", ["{" + deleted.map(\.description).joined(separator: ",") + "}"])
        }
        if let change {
            let first = pending.filter { $0.id.rawValue > recordedUpTo }
            let again = pending.filter { $0.id.rawValue <= recordedUpTo }
            if !first.isEmpty { try connection.copy(PostgresBulkChange.recordCopy, PostgresBulkChange.recordRows(first, change: change)) }
            if !again.isEmpty { try connection.execute(PostgresBulkChange.records(again, change: change)) }
            recordedUpTo = max(recordedUpTo, pending.map(\.id.rawValue).max()!)
        }
        pending.removeAll(keepingCapacity: true)
        pendingIDs.removeAll(keepingCapacity: true)
    }

    /// Stores loans under their ids (the sequence moves at the change's end: `moveSequence`).
    static let loanCopy = "COPY loans.loan (id, \(PostgresLoanRow.writtenColumns)) FROM STDIN"

    /// The rows of `loanCopy`.
    static func loanRows(_ loans: [Loan]) throws(PostgresError) -> PostgresCopyText {
        var rows = PostgresCopyText(reservingRows: loans.count)
        for loan in loans {
            try rows.field(loan.id.description)
            for value in PostgresLoanRow.writtenParameters(of: loan) { try rows.field(value) }
            rows.endRow()
        }
        return rows
    }

    /// Records loans the change has no record of yet.
    static let recordCopy = """
        COPY loans.change_loan (change_id, loan_id, \(PostgresLoanRow.stateColumns("before")), \(PostgresLoanRow.stateColumns("after"))) FROM STDIN
        """

    /// The rows of `recordCopy`: the writes' states before and after in change `change`.
    static func recordRows(_ writes: [Write], change: ChangeID) throws(PostgresError) -> PostgresCopyText {
        var rows = PostgresCopyText(reservingRows: 2 * writes.count)
        let changeID = change.description
        for write in writes {
            try rows.field(changeID)
            try rows.field(write.id.description)
            for value in PostgresLoanRow.stateParameters(write.before) { try rows.field(value) }
            for value in PostgresLoanRow.stateParameters(write.after) { try rows.field(value) }
            rows.endRow()
        }
        return rows
    }

    /// Moves the id sequence past every id the change stored, as the change's last statement
    /// before it commits, so that a change refused or failed before it leaves the sequence as it
    /// was (a `setval` is not undone by a rollback).
    func moveSequence(_ connection: PostgresConnection) throws(PostgresError) {
        guard highestStored > 0 else { return }
        try connection.execute(
            """
            SELECT setval('loans.loan_id_seq', $1) FROM loans.loan_id_seq AS sequence
            WHERE $1 > CASE WHEN sequence.is_called THEN sequence.last_value ELSE sequence.last_value - 1 END
            """,
            [String(highestStored)]
        )
    }

    /// Writes loans over the stored ones with their ids.
    private static func update(_ loans: [Loan]) -> BoundSQL {
        var sql = BoundSQL("UPDATE loans.loan AS loan")
        let given = columns(loans, into: &sql)
        sql.append(" SET (\(PostgresLoanRow.writtenColumns)) = (\(given.fields)) FROM \(given.rows) WHERE loan.id = given.id")
        return sql
    }

    /// `loans` as rows `given` — `unnest($1::bigint[], $2::text[], …) AS given (id, title, …)`,
    /// one array parameter per column — and its written fields typed for `loans.loan`.
    private static func columns(_ loans: [Loan], into sql: inout BoundSQL) -> (rows: String, fields: String) {
        let values = loans.map(PostgresLoanRow.writtenParameters(of:))
        let ids = sql.bind(PostgresArrayLiteral.text(loans.map(\.id.description)))
        let arrays = PostgresLoanRow.writtenFields.indices.map { column in sql.bind(PostgresArrayLiteral.text(values.map { $0[column] })) }
        let rows = "unnest(\(ids)::bigint[], " + arrays.map { $0 + "::text[]" }.joined(separator: ", ")
            + ") AS given (id, \(PostgresLoanRow.writtenColumns))"
        let fields = PostgresLoanRow.writtenFields.map { $0.type == "text" ? "given.\($0.name)" : "given.\($0.name)::\($0.type)" }
        return (rows, fields.joined(separator: ", "))
    }

    /// The writes' records in the change: the state before its first touch kept, the last after.
    static func records(_ writes: [Write], change: ChangeID) -> BoundSQL {
        let states = ["before", "after"]
        var sql = BoundSQL("""
            INSERT INTO loans.change_loan (change_id, loan_id, \(states.map(PostgresLoanRow.stateColumns).joined(separator: ", "))) SELECT
            """)
        let changeID = sql.bind(change.description)
        let rows = writes.map { [$0.id.description] + PostgresLoanRow.stateParameters($0.before) + PostgresLoanRow.stateParameters($0.after) }
        let names = ["loan_id"] + states.flatMap { state in [state + "_present"] + PostgresLoanRow.fields.map { state + "_" + $0.name } }
        let types = ["bigint"] + Array(repeating: ["boolean"] + PostgresLoanRow.fields.map(\.type), count: 2).joined()
        let arrays = names.indices.map { column in sql.bind(PostgresArrayLiteral.text(rows.map { $0[column] })) }
        sql.append(" \(changeID)::bigint, " + zip(names, types).map { $1 == "text" ? $0 : "\($0)::\($1)" }.joined(separator: ", "))
        sql.append(" FROM unnest(" + arrays.map { $0 + "::text[]" }.joined(separator: ", ") + ") AS given (" + names.joined(separator: ", ") + ")")
        sql.append(" " + PostgresChangeWriter.keepingTheFirstBefore)
        return sql
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

import LoansCore

/// The writes of one change to the PostgreSQL store, inside its transaction. Each records the
/// loan's state before (first touch) and after (last touch) in `loans.change_loan` (a contact's
/// in `loans.change_person`: `PostgresChangeWriter+People`); the change's row is written at the
/// first write, so a change that writes nothing leaves no trace. A loan
/// read here is locked (`FOR UPDATE`) until the change ends, so two writers of one loan queue;
/// the table is locked for writing (`ROW EXCLUSIVE`) from the change's start.
///
/// An import, an undo or a redo — each may touch a million loans — locks the loan table against
/// other writers instead (readers go on reading), reads and writes in batches and keeps the
/// per-day open counts itself (`PostgresBulkChange`): the triggers stand aside for its
/// transaction (`PostgresSchema.standAsideForBulkChange`) and its counts go in with one statement
/// at the end, rather than one update of the same day rows per loan.
final class PostgresChangeWriter: LoanChangeWriter {
    let store: PostgresLoanStore
    private let kind: ChangeKind
    private let author: Author
    var connection: PostgresConnection { store.connection }
    private var id: ChangeID?
    private var target: ChangeID?
    /// What an import, undo or redo knows and has yet to write; nil for every other change.
    var bulk: PostgresBulkChange?
    /// The change adopted last, once this change took another store's history (it then records
    /// nothing of its own).
    var adopted: ChangeID?
    /// Loans of the change adopted last, waiting to go in with one statement.
    var adoptedLoans: [PostgresBulkChange.Write] = []
    /// Whether the change holds the contacts' table against other writers of contacts yet.
    var holdsPeople = false

    init(store: PostgresLoanStore, kind: ChangeKind, author: Author) throws(PostgresError) {
        self.store = store
        self.kind = kind
        self.author = author
        if [.importDocument, .undo, .redo].contains(kind) {
            try store.connection.execute("LOCK TABLE loans.loan IN SHARE ROW EXCLUSIVE MODE")
            try store.connection.execute(PostgresSchema.standAsideForBulkChange)
            bulk = PostgresBulkChange()
        } else {
            // The lock its writes need, taken before its first `FOR UPDATE` (which alone takes a
            // weaker one): upgrading it later, behind a bulk change that queued for the table
            // meanwhile, while holding a row that change wants, would deadlock the two.
            try store.connection.execute("LOCK TABLE loans.loan IN ROW EXCLUSIVE MODE")
        }
    }

    func loan(_ id: LoanID) throws -> Loan? {
        if bulk != nil { return try window(id).loan(id) }
        var query = BoundSQL("SELECT \(PostgresLoanRow.columns) FROM loans.loan WHERE id = ")
        query.append(query.bind(id.description) + " FOR UPDATE")
        return try store.rows(query) { result, row throws(StoreError) in try PostgresLoanRow.decode(result, row: row) }.first
    }

    func isTaken(_ id: LoanID) throws -> Bool {
        if bulk != nil { return try window(id).isTaken(id) }
        return try store.postgres {
            try connection.execute(
                """
                SELECT EXISTS (SELECT 1 FROM loans.loan WHERE id = $1) OR EXISTS (SELECT 1 FROM loans.change_loan WHERE loan_id = $1)
                """,
                [id.description]
            ).bool(0, 0) == true
        }
    }

    func update(from before: Loan, to after: Loan) throws {
        if bulk != nil { return try batch(after.id, before: before, after: after) }
        try store.postgres {
            try connection.execute(
                """
                UPDATE loans.loan SET (\(PostgresLoanRow.writtenColumns)) = (\(PostgresChangeWriter.placeholders(from: 2))) WHERE id = $1
                """,
                [after.id.description] + PostgresLoanRow.writtenParameters(of: after)
            )
        }
        try record(after.id, before: before, after: after)
    }

    func delete(_ loan: Loan) throws {
        if bulk != nil { return try batch(loan.id, before: loan, after: nil) }
        try store.postgres { try connection.execute("DELETE FROM loans.loan WHERE id = $1", [loan.id.description]) }
        try record(loan.id, before: loan, after: nil)
    }

    func newestUndoable(skipping: Set<ChangeID>) throws -> Change? {
        var query = BoundSQL("SELECT \(PostgresLoanStore.changeColumns) FROM loans.change WHERE who = ")
        let (who, skipped) = (query.bind(author.name), query.bind("{" + skipping.map(\.description).joined(separator: ",") + "}"))
        query.append("""
             \(who) AND kind NOT IN ('undo', 'redo') AND undone_by IS NULL AND NOT id = ANY (\(skipped)::bigint[])
            ORDER BY id DESC LIMIT 1 FOR UPDATE
            """)
        return try store.rows(query, store.decodeChange).first
    }

    func newestRedoable() throws -> Change? {
        var query = BoundSQL("SELECT \(PostgresLoanStore.changeColumns) FROM loans.change WHERE who = ")
        query.append(query.bind(author.name) + " AND redoable ORDER BY undone_by DESC LIMIT 1 FOR UPDATE")
        return try store.rows(query, store.decodeChange).first
    }

    func newestChange(touching loan: LoanID, after change: ChangeID) throws -> Change? {
        var query = BoundSQL("SELECT \(PostgresLoanStore.changeColumns) FROM loans.change WHERE id = ")
        let (loanID, changeID) = (query.bind(loan.description), query.bind(change.description))
        query.append("(SELECT max(change_id) FROM loans.change_loan WHERE loan_id = \(loanID) AND change_id > \(changeID))")
        return try store.rows(query, store.decodeChange).first
    }

    func deltas(of change: ChangeID, _ visit: (LoanDelta) throws -> Void) throws {
        try writePending()
        try store.deltas(of: change, loan: nil, visit)
    }

    func adoptIdentity(_ identity: String) throws -> Bool {
        try writePending()
        if adopted != nil { return try takeIdentity(identity) }
        let current = (id?.rawValue ?? 0).description
        return try store.postgres {
            try connection.execute(
                """
                UPDATE loans.store_meta SET value = $1 WHERE key = 'database_id'
                    AND NOT EXISTS (SELECT 1 FROM loans.change WHERE id <> $2)
                    AND (SELECT count(*) FROM loans.loan)
                        = (SELECT count(*) FROM loans.change_loan WHERE change_id = $2 AND before_present = false)
                RETURNING value
                """,
                [identity, current]
            ).rowCount > 0
        }
    }

    func setUndone(_ change: ChangeID, _ undone: Bool) throws {
        let current = try changeID()
        target = change
        try store.postgres {
            try connection.execute(
                "UPDATE loans.change SET undone_by = $1, redoable = $2 WHERE id = $3",
                [undone ? current.description : nil, undone ? "t" : "f", change.description]
            )
        }
    }

    /// Whether the change wrote anything: its own row, or another store's history it took.
    var wrote: Bool {
        id != nil || adopted != nil
    }

    /// Completes the change's row (how many loans, the target), adds an import's day counts,
    /// ends the author's redo when this is a new change of their own, and announces the change to
    /// the watchers (last: the change feed's row stays locked until the commit).
    func finish() throws {
        try writePending()
        if adopted != nil { return try finishAdoption() }
        guard let id else { return }
        try store.postgres {
            try connection.execute(
                """
                UPDATE loans.change SET loan_count = (SELECT count(*) FROM loans.change_loan WHERE change_id = $1), target = $2
                WHERE id = $1
                """,
                [id.description, target?.description]
            )
            try bulk?.writeDayCounts(connection)
            try bulk?.moveSequence(connection)
            if kind.isUndoable {
                try connection.execute("UPDATE loans.change SET redoable = false WHERE who = $1 AND redoable", [author.name])
            }
            // Watchers learn of the change once it is committed (PostgresListener).
            try PostgresChangeFeed.announce(connection)
        }
    }

    /// Adds a write to the bulk change's batch (an earlier write of the same loan written first),
    /// writing the batch once it is full.
    func batch(_ id: LoanID, before: Loan?, after: Loan?) throws {
        if bulk!.isPending(id) { try writePending() }
        if bulk!.add(PostgresBulkChange.Write(id: id, before: before, after: after)) { try writePending() }
    }

    /// The bulk change's window, moved to `id` when it does not cover it (pending writes written first).
    private func window(_ id: LoanID) throws -> PostgresBulkChange {
        if !bulk!.covers(id) {
            try writePending()
            try store.postgres { try bulk!.read(from: id, connection) }
        }
        return bulk!
    }

    /// Writes a bulk change's pending writes, so that what follows reads and writes the table as it is.
    func writePending() throws {
        guard let pending = bulk?.pending, !pending.isEmpty else { return }
        let change = adopted == nil ? try changeID() : nil
        try store.postgres { try bulk!.writePending(change: change, connection) }
    }

    /// The change's id, its row written at the first write (of a loan or a contact).
    func changeID() throws -> ChangeID {
        if let id { return id }
        let made = try store.postgres {
            try connection.execute(
                "INSERT INTO loans.change (at, who, kind) VALUES ($1, $2, $3) RETURNING id",
                [author.stamp().description, author.name, kind.rawValue]
            ).int64(0, 0)
        }
        guard let made else { throw StoreError(.unavailable, "the server returned no id for a change") }
        id = ChangeID(made)
        return ChangeID(made)
    }

    /// Records a loan's states in the change, keeping the state before its first touch.
    func record(_ loan: LoanID, before: Loan?, after: Loan?) throws {
        let change = try changeID()
        bulk?.noteWritten(loan, before: before, after: after)
        try store.postgres {
            try connection.execute(
                PostgresChangeWriter.recordSQL,
                [change.description, loan.description] + PostgresLoanRow.stateParameters(before) + PostgresLoanRow.stateParameters(after)
            )
        }
    }

    /// `$first, $first+1, …`, one for each written field.
    static func placeholders(from first: Int) -> String {
        (first..<(first + PostgresLoanRow.writtenFields.count)).map { "$\($0)" }.joined(separator: ", ")
    }

    private static let recordSQL: String = {
        let placeholders = (1...(4 + 2 * PostgresLoanRow.fields.count)).map { "$\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO loans.change_loan (change_id, loan_id, \(PostgresLoanRow.stateColumns("before")), \(PostgresLoanRow.stateColumns("after")))
            VALUES (\(placeholders)) \(keepingTheFirstBefore)
            """
    }()

    /// A record of a loan the change touched before keeps its state before and takes the new after.
    static let keepingTheFirstBefore: String = {
        let after = ["after_present"] + PostgresLoanRow.fields.map { "after_" + $0.name }
        return "ON CONFLICT (change_id, loan_id) DO UPDATE SET \(after.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))"
    }()
}

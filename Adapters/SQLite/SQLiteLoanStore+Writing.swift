import LoansCore

extension SQLiteLoanStore {
    /// One write transaction (`BEGIN IMMEDIATE`, so two writers never deadlock) recorded as one
    /// change. An import's (and a large undo's or redo's: `isBulk`) per-day counts are rebuilt once at the end instead of by a trigger per
    /// row (a quarter of a large import's time): the triggers on `loan` are dropped and re-created
    /// from their own stored SQL inside the same transaction, so other connections only ever see
    /// the schema and the counts complete. The search index likewise takes an import's loans in
    /// one insert at the end (`SearchIndex`).
    func change<T>(_ kind: ChangeKind, _ body: (any LoanChangeWriter) throws -> T) throws -> T {
        guard let author else { throw StoreError(.readOnly, "database \(Quoted(connection.path)) was opened for reading") }
        let (result, wrote): (T, Bool)
        do {
            (result, wrote) = try transaction(of: kind, as: author, body)
        } catch let error as StoreError where error.kind == .unavailable {
            throw error.stopping(kind)
        }
        if wrote { committed() }
        return result
    }

    /// The transaction of `change`, its failures named for the write they stopped by the caller;
    /// with what `body` returned, whether it wrote anything.
    private func transaction<T>(
        of kind: ChangeKind, as author: Author, _ body: (any LoanChangeWriter) throws -> T
    ) throws -> (T, Bool) {
        try sqlite {
            try connection.transaction(immediate: true) {
                let bulk = try isBulk(kind, as: author)
                let triggers = bulk ? try connection.triggers(on: "loan") : []
                for trigger in triggers { try connection.execute("DROP TRIGGER \"\(trigger.name)\"") }
                if bulk { try connection.execute(SearchIndex.noteBulkWrites) }
                let writer = try SQLiteChangeWriter(store: self, kind: kind, author: author)
                let result = try body(writer)
                try writer.finish()
                if bulk {
                    try connection.execute(Migrations.rebuildDayCounts)
                    try connection.execute(SearchIndex.indexBulkWrites)
                    for trigger in triggers { try connection.execute(trigger.sql) }
                }
                return (result, writer.wrote)
            }
        }
    }
}

extension SQLiteLoanStore {
    /// How many loans the change an undo or redo takes must hold for it to be written as an
    /// import is (`isBulk`); below it, the triggers' work per loan costs less than rebuilding
    /// the per-day counts.
    static let bulkLoans: Int64 = 10_000

    /// Whether a change is written in bulk — the triggers on `loan` aside, the per-day counts
    /// rebuilt and the search index brought up to date once at its end: an import, and the undo
    /// or redo of a change of at least `bulkLoans` loans (the author's newest that an undo or
    /// redo would take; one that skips to another is still written right, only in the other way).
    fileprivate func isBulk(_ kind: ChangeKind, as author: Author) throws -> Bool {
        let taken: String
        switch kind {
        case .importDocument: return true
        case .undo:
            taken = "WHERE who = ?1 AND kind NOT IN ('undo', 'redo') AND undone_by IS NULL ORDER BY id DESC LIMIT 1"
        case .redo:
            taken = "WHERE who = ?1 AND redoable = 1 ORDER BY undone_by DESC LIMIT 1"
        default: return false
        }
        let statement = try connection.statement("SELECT coalesce((SELECT loan_count FROM change \(taken)), 0)")
        try statement.bind([.text(author.name)])
        return try statement.scalar() >= SQLiteLoanStore.bulkLoans
    }
}

/// The writes of one change to the SQLite store, inside its transaction: each records the loan's
/// state before (first touch) and after (last touch) in `change_loan` (a contact's in
/// `change_person`: `SQLiteChangeWriter+People`); the `change` row itself is written at the first
/// write, so a change that writes nothing leaves no trace.
final class SQLiteChangeWriter: LoanChangeWriter {
    let store: SQLiteLoanStore
    private let kind: ChangeKind
    private let author: Author
    var connection: SQLiteConnection { store.connection }
    private var id: ChangeID?
    private var target: ChangeID?
    /// No loan has, or ever had, an id above this (so lookups above it need no query).
    var highestUsed: Int64
    /// The change adopted last, once this change took another store's history (it then records
    /// nothing of its own).
    var adopted: ChangeID?

    init(store: SQLiteLoanStore, kind: ChangeKind, author: Author) throws {
        self.store = store
        self.kind = kind
        self.author = author
        highestUsed = try store.connection.statement("""
            SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'loan'), 0),
                       coalesce((SELECT max(id) FROM loan), 0),
                       coalesce((SELECT max(loan_id) FROM change_loan), 0))
            """).scalar()
    }

    func loan(_ id: LoanID) throws -> Loan? {
        id.rawValue > highestUsed ? nil : try store.loan(id)
    }

    func isTaken(_ id: LoanID) throws -> Bool {
        guard id.rawValue <= highestUsed else { return false }
        let statement = try connection.statement("""
            SELECT EXISTS (SELECT 1 FROM loan WHERE id = ?1) OR EXISTS (SELECT 1 FROM change_loan WHERE loan_id = ?1)
            """)
        try statement.bind([.integer(id.rawValue)])
        return try statement.scalar() != 0
    }

    /// The id after the highest used; once that is the largest id loans gives, a free one below
    /// it (`LoanID.free`), found by a few index lookups.
    func insertNew(_ loan: Loan) throws -> Loan {
        var stored = loan
        if highestUsed < LoanID.maximum.rawValue {
            stored.id = LoanID(highestUsed + 1)
        } else {
            guard let free = try LoanID.free(usedBelow: largestUsed) else { throw StoreError.noFreeID }
            stored.id = free
        }
        try insert(stored)
        return stored
    }

    /// The largest id below `bound` that a loan has or ever had (the history and the table's
    /// own high mark count), each part one step down an index.
    private func largestUsed(below bound: LoanID) throws -> LoanID? {
        let statement = try connection.statement("""
            SELECT max(coalesce((SELECT id FROM loan WHERE id < ?1 ORDER BY id DESC LIMIT 1), 0),
                       coalesce((SELECT loan_id FROM change_loan WHERE loan_id < ?1 ORDER BY loan_id DESC LIMIT 1), 0),
                       coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'loan' AND seq < ?1), 0))
            """)
        try statement.bind([.integer(bound.rawValue)])
        let largest = try statement.scalar()
        return largest > 0 ? LoanID(largest) : nil
    }

    func insert(_ loan: Loan) throws {
        let statement = try connection.statement("""
            INSERT INTO loan (\(LoanRow.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        try statement.bind(LoanRow.parameters(of: loan))
        try statement.run()
        highestUsed = max(highestUsed, loan.id.rawValue)
        if adopted == nil { try record(loan.id, before: nil, after: loan) }
    }

    func update(from before: Loan, to after: Loan) throws {
        let statement = try connection.statement("""
            UPDATE loan SET title = ?2, direction = ?3, counterparty = ?4, lent_on = ?5, due_on = ?6,
                returned_on = ?7, note = ?8, previous_due_dates = ?9 WHERE id = ?1
            """)
        try statement.bind(LoanRow.parameters(of: after))
        try statement.run()
        try record(after.id, before: before, after: after)
    }

    func delete(_ loan: Loan) throws {
        let statement = try connection.statement("DELETE FROM loan WHERE id = ?1")
        try statement.bind([.integer(loan.id.rawValue)])
        try statement.run()
        try record(loan.id, before: loan, after: nil)
    }

    func newestUndoable(skipping: Set<ChangeID>) throws -> Change? {
        let statement = try connection.statement("""
            SELECT \(SQLiteLoanStore.changeColumns) FROM change
            WHERE who = ?1 AND kind NOT IN ('undo', 'redo') AND undone_by IS NULL ORDER BY id DESC
            """)
        try statement.bind([.text(author.name)])
        return try store.first(statement) { !skipping.contains($0.id) }
    }

    func newestRedoable() throws -> Change? {
        let statement = try connection.statement("""
            SELECT \(SQLiteLoanStore.changeColumns) FROM change WHERE who = ?1 AND redoable = 1 ORDER BY undone_by DESC LIMIT 1
            """)
        try statement.bind([.text(author.name)])
        return try store.first(statement) { _ in true }
    }

    func newestChange(touching loan: LoanID, after change: ChangeID) throws -> Change? {
        let statement = try connection.statement("""
            SELECT \(SQLiteLoanStore.changeColumns) FROM change
            WHERE id = (SELECT max(change_id) FROM change_loan WHERE loan_id = ?1 AND change_id > ?2)
            """)
        try statement.bind([.integer(loan.rawValue), .integer(change.rawValue)])
        return try store.first(statement) { _ in true }
    }

    func deltas(of change: ChangeID, _ visit: (LoanDelta) throws -> Void) throws {
        try store.deltas(of: change, loan: nil, visit)
    }

    func adoptIdentity(_ identity: String) throws -> Bool {
        if adopted != nil { return try takeIdentity(identity) }
        let current = id?.rawValue ?? 0
        let statement = try connection.statement("""
            UPDATE store_meta SET value = ?1 WHERE key = 'database_id'
                AND NOT EXISTS (SELECT 1 FROM change WHERE id <> ?2)
                AND (SELECT count(*) FROM loan) = (SELECT count(*) FROM change_loan WHERE change_id = ?2 AND before_present = 0)
            """)
        try statement.bind([.text(identity), .integer(current)])
        try statement.run()
        return connection.changes > 0
    }

    func setUndone(_ change: ChangeID, _ undone: Bool) throws {
        let current = try changeID()
        target = change
        let statement = try connection.statement("UPDATE change SET undone_by = ?1, redoable = ?2 WHERE id = ?3")
        try statement.bind([.integer(undone ? current.rawValue : nil), .integer(undone ? 1 : 0), .integer(change.rawValue)])
        try statement.run()
    }

    /// Whether the change wrote anything: its own row, or another store's history it took.
    var wrote: Bool {
        id != nil || adopted != nil
    }

    /// Completes the change row (how many loans, the target), and ends the author's redo when
    /// this is a new change of their own.
    func finish() throws {
        if adopted != nil { try finishAdoption() }
        guard let id else { return }
        let statement = try connection.statement("""
            UPDATE change SET loan_count = (SELECT count(*) FROM change_loan WHERE change_id = ?1), target = ?2 WHERE id = ?1
            """)
        try statement.bind([.integer(id.rawValue), .integer(target?.rawValue)])
        try statement.run()
        guard kind.isUndoable else { return }
        let ending = try connection.statement("UPDATE change SET redoable = 0 WHERE who = ?1 AND redoable = 1")
        try ending.bind([.text(author.name)])
        try ending.run()
    }

    /// The change's id, its row written at the first write (of a loan or a contact).
    func changeID() throws -> ChangeID {
        if let id { return id }
        let statement = try connection.statement("INSERT INTO change (at, who, kind) VALUES (?1, ?2, ?3)")
        try statement.bind([.text(author.stamp().description), .text(author.name), .text(kind.rawValue)])
        try statement.run()
        let made = ChangeID(connection.lastInsertID)
        id = made
        return made
    }

    /// Records a loan's states in the change, keeping the state before its first touch.
    private func record(_ loan: LoanID, before: Loan?, after: Loan?) throws {
        let change = try changeID()
        let statement = try connection.statement(SQLiteChangeWriter.recordSQL)
        try statement.bind(LoanRow.deltaParameters(change, loan, before: before, after: after))
        try statement.run()
    }

    /// The statement of `record`, made once: a change of a million loans runs it a million times,
    /// and its cached statement is found by its text.
    private static let recordSQL: String = {
        let fields = LoanRow.fieldNames.map { "after_\($0) = excluded.after_\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO change_loan (change_id, \(LoanRow.deltaColumns))
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)
            ON CONFLICT (change_id, loan_id) DO UPDATE SET after_present = excluded.after_present, \(fields)
            """
    }()
}

import LoansCore

/// Taking another store's history as it stands (an import into an empty database): each change
/// and each of its loans go in with their own ids; what the history does not spell out — which
/// undo reverted a change, whether redo may re-apply it, how many loans it touched — is worked
/// out from it once at the end, as the changes themselves would have left it.
extension SQLiteChangeWriter {
    func canAdoptHistory() throws -> Bool {
        guard adopted == nil else { return true }
        return try connection.statement("""
            SELECT NOT EXISTS (SELECT 1 FROM loan) AND NOT EXISTS (SELECT 1 FROM change) AND NOT EXISTS (SELECT 1 FROM change_loan)
            """).scalar() != 0
    }

    func adopt(_ change: Change) throws {
        // Until the end, an undone change names itself as its undo; the undo that names it as its
        // target takes that place (the newest such undo, as changes come oldest first).
        let statement = try connection.statement("INSERT INTO change (id, at, who, kind, target, undone_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        try statement.bind([
            .integer(change.id.rawValue), .text(change.at.description), .text(change.who), .text(change.kind.rawValue),
            .integer(change.target?.rawValue), .integer(change.isUndone ? change.id.rawValue : nil),
        ])
        try statement.run()
        if change.kind == .undo, let target = change.target {
            let undoing = try connection.statement("UPDATE change SET undone_by = ?1 WHERE id = ?2 AND undone_by IS NOT NULL")
            try undoing.bind([.integer(change.id.rawValue), .integer(target.rawValue)])
            try undoing.run()
        }
        adopted = change.id
    }

    func adopt(_ delta: LoanDelta) throws {
        guard let change = adopted else { throw StoreError(.unavailable, "a change's loan came before its change") }
        let statement = try connection.statement("""
            INSERT INTO change_loan (change_id, \(LoanRow.deltaColumns))
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)
            """)
        try statement.bind(LoanRow.deltaParameters(change, delta.id, before: delta.before, after: delta.after))
        try statement.run()
        highestUsed = max(highestUsed, delta.id.rawValue)
    }

    /// The moved store's identity, taken whatever the history holds (the database was empty).
    func takeIdentity(_ identity: String) throws -> Bool {
        let statement = try connection.statement("UPDATE store_meta SET value = ?1 WHERE key = 'database_id'")
        try statement.bind([.text(identity)])
        try statement.run()
        return connection.changes > 0
    }

    /// Counts each change's loans, and lets redo re-apply an undone change as long as its author
    /// made no change undo may revert after the undo (such a change ends the author's redo).
    func finishAdoption() throws {
        try connection.execute("""
            UPDATE change SET loan_count = (SELECT count(*) FROM change_loan WHERE change_id = change.id);
            UPDATE change SET redoable = 1 WHERE undone_by IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM change AS later
                WHERE later.who = change.who AND later.kind NOT IN ('undo', 'redo') AND later.id > change.undone_by
            );
            """)
    }
}

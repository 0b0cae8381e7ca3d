import LoansCore

/// Taking another store's history as it stands (an import into an empty database) — but for the
/// database role a change made on a file lacks: each change goes in with its own id, its loans a thousand at a time; what the history does not spell out —
/// which undo reverted a change, whether redo may re-apply it, how many loans it touched — is
/// worked out from it once at the end, as the changes themselves would have left it, and both
/// id sequences move past every id the history used.
extension PostgresChangeWriter {
    func canAdoptHistory() throws -> Bool {
        guard adopted == nil else { return true }
        guard bulk?.pending.isEmpty ?? true else { return false }
        return try store.postgres {
            try connection.execute(
                "SELECT NOT EXISTS (SELECT 1 FROM loans.loan) AND NOT EXISTS (SELECT 1 FROM loans.change)"
            ).bool(0, 0) == true
        }
    }

    /// A change made on a file names no database role; moved onto the server it takes the role
    /// of the import, as its author's changes there will, so undo finds it.
    func adopt(_ change: Change) throws {
        try writeAdoptedLoans()
        let who = change.who.contains(" as ") ? change.who : PostgresDatabase.who(change.who, role: connection.role)
        // Until the end, an undone change names itself as its undo; the undo that names it as its
        // target takes that place (the newest such undo, as changes come oldest first).
        try store.postgres {
            try connection.execute(
                """
                INSERT INTO loans.change (id, at, who, kind, target, undone_by) OVERRIDING SYSTEM VALUE
                VALUES ($1, $2, $3, $4, $5, $6)
                """,
                [
                    change.id.description, change.at.description, who, change.kind.rawValue, change.target?.description,
                    change.isUndone ? change.id.description : nil,
                ]
            )
            if change.kind == .undo, let target = change.target {
                try connection.execute(
                    "UPDATE loans.change SET undone_by = $1 WHERE id = $2 AND undone_by IS NOT NULL", [change.id.description, target.description]
                )
            }
        }
        adopted = change.id
    }

    func adopt(_ delta: LoanDelta) throws {
        guard adopted != nil else { throw StoreError(.unavailable, "a change's loan came before its change") }
        adoptedLoans.append(PostgresBulkChange.Write(id: delta.id, before: delta.before, after: delta.after))
        if adoptedLoans.count >= PostgresBulkChange.batchSize { try writeAdoptedLoans() }
    }

    /// Writes the waiting loans of the change adopted last.
    func writeAdoptedLoans() throws {
        guard let change = adopted, !adoptedLoans.isEmpty else { return }
        try store.postgres { try connection.execute(PostgresBulkChange.records(adoptedLoans, change: change)) }
        adoptedLoans.removeAll(keepingCapacity: true)
    }

    /// The moved store's identity, taken whatever the history holds (the database was empty).
    func takeIdentity(_ identity: String) throws -> Bool {
        try store.postgres {
            try connection.execute(
                "UPDATE loans.store_meta SET value = $1 WHERE key = 'database_id' RETURNING value", [identity]
            ).rowCount > 0
        }
    }

    /// Counts each change's loans, lets redo re-apply an undone change as long as its author made
    /// no change undo may revert after the undo, moves the change and loan sequences past every id
    /// the history used, adds the imported loans' day counts and announces it to the watchers.
    func finishAdoption() throws {
        try writeAdoptedLoans()
        try store.postgres {
            try connection.execute("""
                UPDATE loans.change SET loan_count = counted.loans
                FROM (SELECT change_id, count(*) AS loans FROM loans.change_loan GROUP BY change_id) AS counted
                WHERE counted.change_id = change.id
                """)
            try connection.execute("""
                UPDATE loans.change SET redoable = true WHERE undone_by IS NOT NULL AND NOT EXISTS (
                    SELECT 1 FROM loans.change AS later
                    WHERE later.who = change.who AND later.kind NOT IN ('undo', 'redo') AND later.id > change.undone_by
                )
                """)
            try connection.execute(
                "SELECT setval(pg_get_serial_sequence('loans.change', 'id'), (SELECT max(id) FROM loans.change))"
            )
            try connection.execute("""
                SELECT setval('loans.loan_id_seq', highest) FROM (SELECT max(loan_id) AS highest FROM loans.change_loan) AS used,
                    loans.loan_id_seq AS sequence
                WHERE highest > CASE WHEN sequence.is_called THEN sequence.last_value ELSE sequence.last_value - 1 END
                """)
            try bulk?.writeDayCounts(connection)
            try bulk?.moveSequence(connection)
            try PostgresChangeFeed.announce(connection)
        }
    }
}

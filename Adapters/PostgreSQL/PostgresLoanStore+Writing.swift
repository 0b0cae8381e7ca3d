import LoansCore

extension PostgresLoanStore {
    /// Writes wait for each other's rows instead of failing: two renewals of one loan both count.
    static let write = "BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE"

    private static let insert = """
        INSERT INTO loans.loan (\(PostgresLoanRow.fieldColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id
        """
    private static let update = """
        UPDATE loans.loan SET title = $1, direction = $2, counterparty = $3, lent_on = $4, due_on = $5,
            returned_on = $6, note = $7, previous_due_dates = $8 WHERE id = $9
        """

    func add(_ draft: LoanDraft) throws -> LoanID {
        let loan = Loan(
            id: LoanID(0), title: draft.title, direction: draft.direction, counterparty: draft.counterparty,
            lentOn: draft.lentOn, dueOn: draft.dueOn, note: draft.note
        )
        return try postgres {
            try connection.transaction(PostgresLoanStore.write) {
                let result = try connection.execute(PostgresLoanStore.insert, PostgresLoanRow.parameters(of: loan))
                guard let id = result.int64(0, 0) else { throw PostgresError(message: "the server returned no id", sql: PostgresLoanStore.insert) }
                return LoanID(id)
            }
        }
    }

    /// Locks the loan's row (`FOR UPDATE`) before reading it, so a second writer of the same loan
    /// waits and then reads this change instead of overwriting it.
    func modify(_ id: LoanID, _ change: (inout Loan) throws -> Void) throws -> Loan? {
        try postgres {
            try connection.transaction(PostgresLoanStore.write) {
                let found = try connection.execute(
                    "SELECT \(PostgresLoanRow.columns) FROM loans.loan WHERE id = $1 FOR UPDATE", [id.description]
                )
                guard found.rowCount == 1 else { return nil }
                var loan = try PostgresLoanRow.decode(found, row: 0)
                try change(&loan)
                try connection.execute(PostgresLoanStore.update, PostgresLoanRow.parameters(of: loan) + [id.description])
                return loan
            }
        }
    }

    func remove(_ id: LoanID) throws -> Bool {
        try postgres {
            try connection.transaction(PostgresLoanStore.write) {
                try connection.execute("DELETE FROM loans.loan WHERE id = $1", [id.description]).affectedRows > 0
            }
        }
    }

    /// Writes a whole document in one transaction, in batches (`PostgresImport`). The table is
    /// locked against other writers for the duration (`SHARE ROW EXCLUSIVE`; readers go on
    /// reading), so no `add` can take an id the import is about to keep.
    func importLoans(_ produce: (_ insert: (Loan) throws -> Void) throws -> Void) throws -> ImportOutcome {
        try postgres {
            try connection.transaction(PostgresLoanStore.write) {
                try connection.execute("LOCK TABLE loans.loan IN SHARE ROW EXCLUSIVE MODE")
                var batch = try PostgresImport(connection: connection)
                try produce { loan in try batch.insert(loan) }
                return try batch.finish()
            }
        }
    }
}

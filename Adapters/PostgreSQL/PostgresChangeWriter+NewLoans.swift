import LoansCore

/// How a change stores new loans: under the sequence's next id, under a free id below the
/// largest once the sequence reached it, under an id of their own (an import) with the sequence
/// moved past it, or, in a bulk change, under ids the change counts on from the sequence.
extension PostgresChangeWriter {
    /// The next id from the loans' sequence, which stays past every id ever stored; once the
    /// sequence gave the largest id loans gives, a free one below it (`insertBelowLargest`). In a
    /// bulk change the ids are counted on from the sequence instead (`PostgresBulkChange.newID`).
    func insertNew(_ loan: Loan) throws -> Loan {
        if bulk != nil { return try insertNewInBatch(loan) }
        let result: PostgresResult
        do {
            result = try connection.execute(PostgresChangeWriter.insertNextSQL, PostgresLoanRow.writtenParameters(of: loan))
        } catch let error where error.sqlState == "2200H" {
            // Another writer took the sequence's last id between this one's look and its nextval.
            throw StoreError(.unavailable, "another change took the last id of the sequence meanwhile; nothing was written, try again")
        } catch {
            throw store.unavailable(error)
        }
        guard result.rowCount > 0 else { return try insertBelowLargest(loan) }
        guard let id = result.int64(0, 0) else { throw StoreError(.unavailable, "the server returned no id for a new loan") }
        var stored = loan
        stored.id = LoanID(id)
        try record(stored.id, before: nil, after: stored)
        return stored
    }

    /// Stores a loan under the sequence's next id, unless the sequence already gave its last
    /// (the largest id loans gives): then it writes nothing and returns no row.
    private static let insertNextSQL = """
        WITH next AS (
            SELECT CASE WHEN is_called AND last_value >= \(LoanID.maximum) THEN NULL ELSE nextval('loans.loan_id_seq') END AS id
            FROM loans.loan_id_seq
        )
        INSERT INTO loans.loan (id, \(PostgresLoanRow.writtenColumns))
        SELECT next.id, \(placeholders(from: 1)) FROM next WHERE next.id IS NOT NULL
        RETURNING id
        """

    /// Stores a loan under a free id below the largest (`LoanID.free`), the sequence left at its
    /// end. Writers that might take an id meanwhile wait: the history's table is locked against
    /// other writes first (before this change writes any loan, so no two writers wait for each
    /// other), and every change that stores a loan writes there.
    private func insertBelowLargest(_ loan: Loan) throws -> Loan {
        try store.postgres { try connection.execute("LOCK TABLE loans.change_loan IN SHARE ROW EXCLUSIVE MODE") }
        guard let free = try LoanID.free(usedBelow: largestUsed) else { throw StoreError.noFreeID }
        var stored = loan
        stored.id = free
        try store.postgres {
            try connection.execute(
                "INSERT INTO loans.loan (id, \(PostgresLoanRow.writtenColumns)) VALUES ($1, \(PostgresChangeWriter.placeholders(from: 2)))",
                [free.description] + PostgresLoanRow.writtenParameters(of: loan)
            )
        }
        try record(stored.id, before: nil, after: stored)
        return stored
    }

    /// The largest id below `bound` that a loan has or ever had (the history counts), each part
    /// one step down an index.
    private func largestUsed(below bound: LoanID) throws -> LoanID? {
        try store.postgres {
            try connection.execute(
                """
                SELECT greatest((SELECT max(id) FROM loans.loan WHERE id < $1), (SELECT max(loan_id) FROM loans.change_loan WHERE loan_id < $1))
                """,
                [bound.description]
            ).int64(0, 0).map(LoanID.init)
        }
    }

    /// Stores the loan under its own id and moves the sequence past it, so no later new loan
    /// takes it.
    func insert(_ loan: Loan) throws {
        if bulk != nil { return try batch(loan.id, before: nil, after: loan) }
        try store.postgres {
            try connection.execute(
                """
                WITH stored AS (
                    INSERT INTO loans.loan (id, \(PostgresLoanRow.writtenColumns)) VALUES ($1, \(PostgresChangeWriter.placeholders(from: 2))) RETURNING id
                )
                SELECT setval('loans.loan_id_seq', stored.id) FROM stored, loans.loan_id_seq AS sequence
                WHERE stored.id > CASE WHEN sequence.is_called THEN sequence.last_value ELSE sequence.last_value - 1 END
                """,
                [loan.id.description] + PostgresLoanRow.writtenParameters(of: loan)
            )
        }
        try record(loan.id, before: nil, after: loan)
    }

    /// A new loan of a bulk change (an import's renumbered loans): its id counted by the change,
    /// the loan stored with the batch.
    private func insertNewInBatch(_ loan: Loan) throws -> Loan {
        guard let id = try store.postgres({ try bulk!.newID(connection) }) else {
            throw StoreError(.idsExhausted, "the largest id loans can give, \(LoanID.maximum), is taken")
        }
        var stored = loan
        stored.id = id
        try batch(id, before: nil, after: stored)
        return stored
    }
}

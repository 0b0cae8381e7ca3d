import LoansCore

extension SQLiteLoanStore {
    private static let insert = """
        INSERT INTO loan (title, direction, counterparty, lent_on, due_on, returned_on, note, previous_due_dates)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        """
    private static let insertKeepingID = """
        INSERT INTO loan (title, direction, counterparty, lent_on, due_on, returned_on, note, previous_due_dates, id)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (id) DO NOTHING
        """
    private static let update = """
        UPDATE loan SET title = ?1, direction = ?2, counterparty = ?3, lent_on = ?4, due_on = ?5,
            returned_on = ?6, note = ?7, previous_due_dates = ?8 WHERE id = ?9
        """

    func add(_ draft: LoanDraft) throws -> LoanID {
        let loan = Loan(
            id: LoanID(0), title: draft.title, direction: draft.direction, counterparty: draft.counterparty,
            lentOn: draft.lentOn, dueOn: draft.dueOn, note: draft.note
        )
        return try sqlite {
            try connection.transaction(immediate: true) {
                let statement = try connection.statement(SQLiteLoanStore.insert)
                try LoanRow.bindFields(of: loan, to: statement)
                try statement.run()
                return LoanID(connection.lastInsertID)
            }
        }
    }

    func modify(_ id: LoanID, _ change: (inout Loan) throws -> Void) throws -> Loan? {
        try sqlite {
            try connection.transaction(immediate: true) {
                guard var loan = try loan(id) else { return nil }
                try change(&loan)
                let statement = try connection.statement(SQLiteLoanStore.update)
                try LoanRow.bindFields(of: loan, to: statement)
                try statement.bind(id.rawValue, at: 9)
                try statement.run()
                return loan
            }
        }
    }

    func remove(_ id: LoanID) throws -> Bool {
        try sqlite {
            try connection.transaction(immediate: true) {
                let statement = try connection.statement("DELETE FROM loan WHERE id = ?1")
                try statement.bind(id.rawValue, at: 1)
                try statement.run()
                return connection.changes > 0
            }
        }
    }

    /// Writes a whole document in one transaction. The per-day counts are rebuilt once at the end
    /// instead of by a trigger per row (a quarter of a large import's time): the triggers on
    /// `loan` are dropped and re-created from their own stored SQL inside the same transaction,
    /// so other connections only ever see the schema and the counts complete. The search index
    /// takes the loans imported in one insert at the end (`SearchIndex`): FTS5 written a row at a
    /// time from a trigger flushes a segment per row.
    func importLoans(_ produce: (_ insert: (Loan) throws -> Void) throws -> Void) throws -> ImportOutcome {
        try sqlite {
            try connection.transaction(immediate: true) {
                let triggers = try connection.triggers(on: "loan")
                for trigger in triggers { try connection.execute("DROP TRIGGER \"\(trigger.name)\"") }
                try connection.execute(SearchIndex.noteImportedLoans)
                let outcome = try insertAll(produce)
                try connection.execute(Migrations.rebuildDayCounts)
                try connection.execute(SearchIndex.indexImportedLoans)
                for trigger in triggers { try connection.execute(trigger.sql) }
                return outcome
            }
        }
    }

    private func insertAll(_ produce: (_ insert: (Loan) throws -> Void) throws -> Void) throws -> ImportOutcome {
        var imported = 0
        var taken: [Loan] = []
        let keeping = try connection.statement(SQLiteLoanStore.insertKeepingID)
        try produce { loan in
            try LoanRow.bindFields(of: loan, to: keeping)
            try keeping.bind(loan.id.rawValue, at: 9)
            try keeping.run()
            if connection.changes > 0 { imported += 1 } else { taken.append(loan) }
        }
        let renumbering = try connection.statement(SQLiteLoanStore.insert)
        for loan in taken {
            try LoanRow.bindFields(of: loan, to: renumbering)
            try renumbering.run()
        }
        return ImportOutcome(imported: imported + taken.count, renumbered: taken.count)
    }
}

import LoansCore

/// The history's read side: changes newest first, one change, a change's loans, a loan's
/// revision; and the database's identity (made with the history's tables).
extension SQLiteLoanStore {
    static let changeColumns = "id, at, who, kind, target, undone_by, loan_count"

    func history(of loan: LoanID?, limit: Int?, _ visit: (Change) throws -> Void) throws {
        guard try keepsHistory() else { return }
        let sql = loan == nil
            ? "SELECT \(SQLiteLoanStore.changeColumns) FROM change ORDER BY id DESC LIMIT ?2"
            : """
              SELECT \(SQLiteLoanStore.changeColumns) FROM change
              WHERE id IN (SELECT change_id FROM change_loan WHERE loan_id = ?1) ORDER BY id DESC LIMIT ?2
              """
        let statement = try sqlite { try connection.statement(sql) }
        try sqlite { try statement.bind([.integer(loan?.rawValue), .integer(limit.map(Int64.init) ?? -1)]) }
        defer { statement.reset() }
        while try sqlite({ try statement.step() }) {
            try visit(try decodeChange(statement))
        }
    }

    func historyOldestFirst(_ visit: (Change) throws -> Void) throws {
        guard try keepsHistory() else { return }
        let statement = try sqlite { try connection.statement("SELECT \(SQLiteLoanStore.changeColumns) FROM change ORDER BY id") }
        defer { statement.reset() }
        while try sqlite({ try statement.step() }) {
            try visit(try decodeChange(statement))
        }
    }

    func change(_ id: ChangeID) throws -> Change? {
        guard try keepsHistory() else { return nil }
        let statement = try sqlite { try connection.statement("SELECT \(SQLiteLoanStore.changeColumns) FROM change WHERE id = ?1") }
        try sqlite { try statement.bind([.integer(id.rawValue)]) }
        return try first(statement) { _ in true }
    }

    func deltas(of change: ChangeID, loan: LoanID?, _ visit: (LoanDelta) throws -> Void) throws {
        guard try keepsHistory() else { return }
        let filter = loan == nil ? "" : " AND loan_id = ?2"
        let statement = try sqlite {
            try connection.statement("SELECT \(LoanRow.deltaColumns) FROM change_loan WHERE change_id = ?1\(filter) ORDER BY loan_id")
        }
        try sqlite { try statement.bind([.integer(change.rawValue)] + (loan.map { [.integer($0.rawValue)] } ?? [])) }
        defer { statement.reset() }
        while try sqlite({ try statement.step() }) {
            let id = LoanID(statement.int64(0))
            let before = statement.int64(1) == 0 ? nil : try LoanRow.decode(statement, id: id, fieldsFrom: 2)
            let after = statement.int64(10) == 0 ? nil : try LoanRow.decode(statement, id: id, fieldsFrom: 11)
            try visit(LoanDelta(id: id, before: before, after: after))
        }
    }

    func revision(of loan: LoanID) throws -> LoanRevision? {
        guard try keepsHistory() else { return nil }
        return try sqlite {
            let statement = try connection.statement("""
                SELECT count(*), max(change.at) FROM change_loan JOIN change ON change.id = change_loan.change_id
                WHERE change_loan.loan_id = ?1
                """)
            try statement.bind([.integer(loan.rawValue)])
            defer { statement.reset() }
            guard try statement.step(), statement.int64(0) > 0 else { return nil }
            guard let at = UTCTimestamp(rfc3339: statement.string(1) ?? "") else {
                throw StoreError(.unavailable, "the history of loan \(loan) is malformed in the database \(Quoted(connection.path))")
            }
            return LoanRevision(changeCount: Int(statement.int64(0)), lastChanged: at)
        }
    }

    func databaseIdentity() throws -> String? {
        guard try keepsHistory() else { return nil }
        return try sqlite {
            let statement = try connection.statement("SELECT value FROM store_meta WHERE key = 'database_id'")
            defer { statement.reset() }
            return try statement.step() ? statement.string(0) : nil
        }
    }

    /// Whether the file has the history's tables (a reader may open a file of an older schema,
    /// which a first write upgrades).
    private func keepsHistory() throws -> Bool {
        try sqlite { try connection.integerPragma("user_version") >= 3 }
    }

    /// The first change `statement` yields that `accept` takes, the statement reset after.
    func first(_ statement: Statement, where accept: (Change) -> Bool) throws -> Change? {
        defer { statement.reset() }
        while try sqlite({ try statement.step() }) {
            let change = try decodeChange(statement)
            if accept(change) { return change }
        }
        return nil
    }

    private func decodeChange(_ statement: Statement) throws -> Change {
        let id = ChangeID(statement.int64(0))
        guard let at = UTCTimestamp(rfc3339: statement.string(1) ?? ""),
              let kind = ChangeKind(rawValue: statement.string(3) ?? "")
        else { throw StoreError(.unavailable, "change \(id) is malformed in the database \(Quoted(connection.path))") }
        return Change(
            id: id, at: at, who: statement.string(2) ?? "", kind: kind,
            target: statement.isNull(4) ? nil : ChangeID(statement.int64(4)), isUndone: !statement.isNull(5),
            loanCount: Int(statement.int64(6))
        )
    }
}

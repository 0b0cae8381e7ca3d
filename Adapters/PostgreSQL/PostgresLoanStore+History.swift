import LoansCore

/// The history's read side: changes newest first, one change, a change's loans — each long walk
/// in pages, like the loans — a loan's revision; and the database's identity.
extension PostgresLoanStore {
    static let changeColumns = """
        id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), who, kind, target, undone_by, loan_count
        """

    func history(of loan: LoanID?, limit: Int?, _ visit: (Change) throws -> Void) throws {
        var remaining = limit ?? Int.max
        var before = Int64.max
        while remaining > 0 {
            var query = BoundSQL("SELECT \(PostgresLoanStore.changeColumns) FROM loans.change WHERE id < ")
            query.append(query.bind(String(before)))
            if let loan {
                let id = query.bind(loan.description)
                query.append(" AND id IN (SELECT change_id FROM loans.change_loan WHERE loan_id = \(id))")
            }
            let pageSize = min(remaining, PostgresLoanStore.pageSize)
            query.append(" ORDER BY id DESC LIMIT \(pageSize)")
            let changes = try rows(query, decodeChange)
            for change in changes { try visit(change) }
            guard changes.count == pageSize, let last = changes.last else { return }
            remaining -= pageSize
            before = last.id.rawValue
        }
    }

    func historyOldestFirst(_ visit: (Change) throws -> Void) throws {
        var after: Int64 = 0
        while true {
            var query = BoundSQL("SELECT \(PostgresLoanStore.changeColumns) FROM loans.change WHERE id > ")
            query.append(query.bind(String(after)) + " ORDER BY id LIMIT \(PostgresLoanStore.pageSize)")
            let changes = try rows(query, decodeChange)
            for change in changes { try visit(change) }
            guard changes.count == PostgresLoanStore.pageSize, let last = changes.last else { return }
            after = last.id.rawValue
        }
    }

    func change(_ id: ChangeID) throws -> Change? {
        var query = BoundSQL("SELECT \(PostgresLoanStore.changeColumns) FROM loans.change WHERE id = ")
        query.append(query.bind(id.description))
        return try rows(query, decodeChange).first
    }

    func deltas(of change: ChangeID, loan: LoanID?, _ visit: (LoanDelta) throws -> Void) throws {
        var after: Int64 = 0
        while true {
            var query = BoundSQL("""
                SELECT loan_id, \(PostgresLoanRow.stateColumns("before")), \(PostgresLoanRow.stateColumns("after"))
                FROM loans.change_loan WHERE change_id =
                """)
            let (changeID, afterID) = (query.bind(change.description), query.bind(String(after)))
            query.append(" \(changeID) AND loan_id > \(afterID)")
            if let loan {
                let id = query.bind(loan.description)
                query.append(" AND loan_id = \(id)")
            }
            query.append(" ORDER BY loan_id LIMIT \(PostgresLoanStore.pageSize)")
            let deltas = try rows(query, decodeDelta)
            for delta in deltas { try visit(delta) }
            guard deltas.count == PostgresLoanStore.pageSize, let last = deltas.last else { return }
            after = last.id.rawValue
        }
    }

    func revision(of loan: LoanID) throws -> LoanRevision? {
        try postgres {
            let result = try connection.execute("""
                SELECT count(*), to_char(max(change.at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                FROM loans.change_loan JOIN loans.change ON change.id = change_loan.change_id WHERE change_loan.loan_id = $1
                """, [loan.description])
            guard let count = result.int64(0, 0), count > 0 else { return nil }
            guard let at = result.string(0, 1).flatMap(UTCTimestamp.init(rfc3339:)) else {
                throw StoreError(.unavailable, "the history of loan \(loan) is malformed in PostgreSQL database \(Quoted(connection.target.redacted))")
            }
            return LoanRevision(changeCount: Int(count), lastChanged: at)
        }
    }

    /// The identity, or nil for a database of the second schema (which made none yet; asked
    /// first, so that a snapshot's transaction never sees a failed statement).
    func databaseIdentity() throws -> String? {
        try postgres {
            guard try connection.execute("SELECT to_regclass('loans.store_meta') IS NOT NULL").bool(0, 0) == true else { return nil }
            return try connection.execute("SELECT value FROM loans.store_meta WHERE key = 'database_id'").string(0, 0)
        }
    }

    func decodeChange(_ result: PostgresResult, _ row: Int) throws(StoreError) -> Change {
        guard let id = result.int64(row, 0), let at = result.string(row, 1).flatMap(UTCTimestamp.init(rfc3339:)),
              let kind = result.string(row, 3).flatMap(ChangeKind.init(rawValue:)), let count = result.int64(row, 6)
        else { throw StoreError(.unavailable, "a change is malformed in PostgreSQL database \(Quoted(connection.target.redacted))") }
        return Change(
            id: ChangeID(id), at: at, who: result.string(row, 2) ?? "", kind: kind,
            target: result.int64(row, 4).map(ChangeID.init), isUndone: !result.isNull(row, 5), loanCount: Int(count)
        )
    }

    private func decodeDelta(_ result: PostgresResult, _ row: Int) throws(StoreError) -> LoanDelta {
        guard let raw = result.int64(row, 0) else { throw StoreError(.unavailable, "a change's loan without an id in the database") }
        let id = LoanID(raw)
        let after = 2 + PostgresLoanRow.fields.count
        return LoanDelta(
            id: id,
            before: result.bool(row, 1) == true ? try PostgresLoanRow.decode(result, row: row, id: id, fieldsFrom: 2) : nil,
            after: result.bool(row, after) == true ? try PostgresLoanRow.decode(result, row: row, id: id, fieldsFrom: after + 1) : nil
        )
    }
}

import LoansCore

extension PostgresLoanStore {
    /// Writes wait for each other's rows instead of failing: two renewals of one loan both count.
    static let write = "BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE"

    /// One write transaction recorded as one change (`PostgresChangeWriter`).
    func change<T>(_ kind: ChangeKind, _ body: (any LoanChangeWriter) throws -> T) throws -> T {
        guard let author else {
            throw StoreError(.readOnly, "PostgreSQL database \(Quoted(connection.target.redacted)) was opened for reading")
        }
        let (result, wrote): (T, Bool)
        do {
            (result, wrote) = try postgres {
                try connection.transaction(PostgresLoanStore.write) {
                    let writer = try PostgresChangeWriter(store: self, kind: kind, author: author)
                    let result = try body(writer)
                    try writer.finish()
                    return (result, writer.wrote)
                }
            }
        } catch let error as StoreError where error.kind == .unavailable || error.kind == .timedOut {
            throw error.stopping(kind)
        }
        if wrote { committed() }
        return result
    }
}

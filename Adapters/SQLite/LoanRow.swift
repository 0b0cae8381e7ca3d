import LoansCore

/// How a loan maps to a row of table `loan`: the column list and its decoding.
enum LoanRow {
    static let columns = "id, title, direction, counterparty, lent_on, due_on, returned_on, note, previous_due_dates"

    /// The same columns, each qualified by `table` (for a join).
    static func columns(of table: String) -> String {
        columns.split(separator: ",").map { "\(table).\($0.trimmingPrefix(" "))" }.joined(separator: ", ")
    }

    /// Decodes the row at `statement`'s cursor; a value loans could not have written is an error.
    static func decode(_ statement: Statement) throws(StoreError) -> Loan {
        let id = LoanID(statement.int64(0))
        func date(_ column: Int32, _ name: String) throws(StoreError) -> CivilDate {
            guard let date = CivilDate(isoBytes: statement.bytes(column)) else { throw malformed(id, name) }
            return date
        }
        guard let direction = direction(statement.bytes(2)) else { throw malformed(id, "direction") }
        var previous: [CivilDate] = []
        let history = statement.bytes(8)
        if !history.isEmpty {
            for part in history.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                guard let date = CivilDate(isoBytes: UnsafeBufferPointer(rebasing: part)) else {
                    throw malformed(id, "previous_due_dates")
                }
                previous.append(date)
            }
        }
        return Loan(
            id: id, title: statement.string(1) ?? "", direction: direction, counterparty: statement.string(3) ?? "",
            lentOn: try date(4, "lent_on"), dueOn: try date(5, "due_on"),
            returnedOn: statement.isNull(6) ? nil : try date(6, "returned_on"),
            note: statement.string(7), previousDueDates: previous
        )
    }

    /// Binds title … previous_due_dates to parameters 1–8, in column order after the id.
    static func bindFields(of loan: Loan, to statement: Statement) throws(SQLiteError) {
        try statement.bind(loan.title, at: 1)
        try statement.bind(loan.direction.rawValue, at: 2)
        try statement.bind(loan.counterparty, at: 3)
        try statement.bind(loan.lentOn.iso, at: 4)
        try statement.bind(loan.dueOn.iso, at: 5)
        try statement.bind(loan.returnedOn?.iso, at: 6)
        try statement.bind(loan.note, at: 7)
        try statement.bind(loan.previousDueDates.map(\.iso).joined(separator: ","), at: 8)
    }

    private static let lent = Array("lent".utf8)
    private static let borrowed = Array("borrowed".utf8)

    /// The direction spelled by a column's bytes, compared without building a string.
    private static func direction(_ bytes: UnsafeBufferPointer<UInt8>) -> Direction? {
        if bytes.elementsEqual(lent) { return .lent }
        if bytes.elementsEqual(borrowed) { return .borrowed }
        return nil
    }

    private static func malformed(_ id: LoanID, _ column: String) -> StoreError {
        StoreError(.unavailable, "loan \(id) has a malformed \(column) in the database")
    }
}

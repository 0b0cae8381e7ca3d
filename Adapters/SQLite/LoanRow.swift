import LoansCore

/// How a loan maps to a row of table `loan`: the column list and its decoding. A value loans
/// could not have written (edited by hand, say) is reported as `loan N has a malformed COLUMN in
/// the database` by every front alike, never repaired or skipped.
enum LoanRow {
    static let columns = "id, title, direction, counterparty, lent_on, due_on, returned_on, note, previous_due_dates"

    /// The same columns, each qualified by `table` (for a join).
    static func columns(of table: String) -> String {
        columns.split(separator: ",").map { "\(table).\($0.trimmingPrefix(" "))" }.joined(separator: ", ")
    }

    /// Decodes the row at `statement`'s cursor; a value loans could not have written is an error.
    static func decode(_ statement: Statement) throws(StoreError) -> Loan {
        try decode(statement, id: LoanID(statement.int64(0)), fieldsFrom: 1)
    }

    /// Decodes a loan whose title … previous_due_dates stand in the eight columns from `first`.
    static func decode(_ statement: Statement, id: LoanID, fieldsFrom first: Int32) throws(StoreError) -> Loan {
        let offset = first - 1
        func date(_ column: Int32, _ name: String) throws(StoreError) -> CivilDate {
            guard statement.isText(column + offset), let date = CivilDate(isoBytes: statement.bytes(column + offset)) else {
                throw malformed(id, name)
            }
            return date
        }
        func text(_ column: Int32, _ name: String) throws(StoreError) -> String {
            guard statement.isText(column + offset), let text = String(validating: statement.bytes(column + offset), as: UTF8.self) else {
                throw malformed(id, name)
            }
            return text
        }
        guard statement.isText(2 + offset), let direction = direction(statement.bytes(2 + offset)) else {
            throw malformed(id, "direction")
        }
        var previous: [CivilDate] = []
        let history = statement.bytes(8 + offset)
        // Walked by index rather than `split`, whose array of slices is a generic type the runtime
        // built on a run's first renewed loan: 160 000 instructions of a status bar's run.
        var start = 0
        while !history.isEmpty, start <= history.count {
            var end = start
            while end < history.count, history[end] != UInt8(ascii: ",") { end += 1 }
            guard let date = CivilDate(isoBytes: UnsafeBufferPointer(rebasing: history[start..<end])) else {
                throw malformed(id, "previous_due_dates")
            }
            previous.append(date)
            start = end + 1
        }
        return Loan(
            id: id, title: try text(1, "title"), direction: direction, counterparty: try text(3, "counterparty"),
            lentOn: try date(4, "lent_on"), dueOn: try date(5, "due_on"),
            returnedOn: statement.isNull(6 + offset) ? nil : try date(6, "returned_on"),
            note: statement.isNull(7 + offset) ? nil : try text(7, "note"), previousDueDates: previous
        )
    }

    /// Binds title … previous_due_dates to parameters 1–8, in column order after the id.
    static func bindFields(of loan: Loan, to statement: Statement) throws(SQLiteError) {
        try bindFields(of: loan, to: statement, from: 1)
    }

    /// Binds title … previous_due_dates to the eight parameters from `first`.
    static func bindFields(of loan: Loan, to statement: Statement, from first: Int32) throws(SQLiteError) {
        try statement.bind(loan.title, at: first)
        try statement.bind(loan.direction.rawValue, at: first + 1)
        try statement.bind(loan.counterparty, at: first + 2)
        try statement.bind(loan.lentOn.iso, at: first + 3)
        try statement.bind(loan.dueOn.iso, at: first + 4)
        try statement.bind(loan.returnedOn?.iso, at: first + 5)
        try statement.bind(loan.note, at: first + 6)
        try statement.bind(loan.previousDueDates.map(\.iso).joined(separator: ","), at: first + 7)
    }

    /// Binds a presence flag and the eight fields (NULL when absent) from `first`.
    static func bind(_ loan: Loan?, to statement: Statement, from first: Int32) throws(SQLiteError) {
        try statement.bind(loan == nil ? 0 : 1, at: first)
        if let loan { try bindFields(of: loan, to: statement, from: first + 1) }
    }

    /// The field columns of a loan, in the order `bindFields` binds them.
    static let fieldNames = ["title", "direction", "counterparty", "lent_on", "due_on", "returned_on", "note", "previous_due_dates"]

    /// A change's copy of a loan before and after: a presence flag and the eight fields each.
    static let deltaColumnDefinitions = ["before", "after"].map { side in
        "\(side)_present INTEGER NOT NULL, " + fieldNames.map { "\(side)_\($0) TEXT" }.joined(separator: ", ")
    }.joined(separator: ",\n    ")

    /// The columns of a delta in reading order: loan id, then before and after.
    static let deltaColumns = "loan_id, " + ["before", "after"].map { side in
        "\(side)_present, " + fieldNames.map { "\(side)_\($0)" }.joined(separator: ", ")
    }.joined(separator: ", ")

    /// Fails when an open loan's due date is not a date. The agenda finds loans by ranges of due
    /// dates, so such a loan would silently fall out of every answer; instead every read reports
    /// it. The check reads one row per distinct due day of the open loans (the day counts), not
    /// the loans themselves.
    static func checkOpenDueDays(_ connection: SQLiteConnection) throws {
        let days = try connection.statement("SELECT due_on FROM open_due_day ORDER BY due_on")
        defer { days.reset() }
        var index: Int64 = 0
        while try days.step() {
            if !days.isText(0) || CivilDate(isoBytes: days.bytes(0)) == nil {
                days.reset()
                let first = try connection.statement(
                    "SELECT (SELECT min(id) FROM loan WHERE returned_on IS NULL AND due_on = d.due_on) FROM open_due_day AS d ORDER BY due_on LIMIT 1 OFFSET ?1"
                )
                try first.bind(index, at: 1)
                throw malformed(LoanID(try first.scalar()), "due_on")
            }
            index += 1
        }
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

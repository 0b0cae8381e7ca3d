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

    /// A loan's values in the order of `columns`: the id, then title … previous_due_dates.
    static func parameters(of loan: Loan) -> [SQLiteValue] {
        var values: [SQLiteValue] = []
        values.reserveCapacity(1 + fieldNames.count)
        values.append(.integer(loan.id.rawValue))
        appendFields(of: loan, to: &values)
        return values
    }

    /// The values of a loan's row in a change (`deltaColumns`, after the change's id): the
    /// change, the loan's id, then its states before and after — a presence flag and the eight
    /// fields each, NULL when absent. Built as one array: an import writes one per loan.
    static func deltaParameters(_ change: ChangeID, _ id: LoanID, before: Loan?, after: Loan?) -> [SQLiteValue] {
        var values: [SQLiteValue] = []
        values.reserveCapacity(2 + 2 * (1 + fieldNames.count))
        values.append(.integer(change.rawValue))
        values.append(.integer(id.rawValue))
        appendState(before, to: &values)
        appendState(after, to: &values)
        return values
    }

    private static func appendState(_ loan: Loan?, to values: inout [SQLiteValue]) {
        values.append(.integer(loan == nil ? 0 : 1))
        guard let loan else { return values.append(contentsOf: repeatElement(.text(nil), count: fieldNames.count)) }
        appendFields(of: loan, to: &values)
    }

    /// Title … previous_due_dates, in column order after the id (`fieldNames`).
    private static func appendFields(of loan: Loan, to values: inout [SQLiteValue]) {
        values.append(.text(loan.title))
        values.append(.text(loan.direction.rawValue))
        values.append(.text(loan.counterparty))
        values.append(.text(loan.lentOn.iso))
        values.append(.text(loan.dueOn.iso))
        values.append(.text(loan.returnedOn?.iso))
        values.append(.text(loan.note))
        values.append(.text(loan.previousDueDates.map(\.iso).joined(separator: ",")))
    }

    /// The field columns of a loan, in the order of `parameters` (after the id).
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
                try first.bind([.integer(index)])
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

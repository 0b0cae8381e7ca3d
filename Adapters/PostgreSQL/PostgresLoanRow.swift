import LoansCore

/// How a loan maps to columns: a row of `loans.loan` (id, then its fields), and a loan's state
/// in a change (`loans.change_loan`: a presence flag, then the same fields, once before and once
/// after). Values travel as text parameters and come back in text form.
enum PostgresLoanRow {
    /// A loan's fields after its id, with their column types.
    static let fields: [(name: String, type: String)] = [
        ("title", "text"), ("direction", "text"), ("counterparty", "text"), ("lent_on", "date"), ("due_on", "date"),
        ("returned_on", "date"), ("note", "text"), ("previous_due_dates", "date[]"),
    ]

    static let fieldColumns = fields.map(\.name).joined(separator: ", ")
    static let columns = "id, " + fieldColumns

    /// `prefix_present, prefix_title, …`: one side of a change's record of a loan.
    static func stateColumns(_ prefix: String) -> String {
        ([prefix + "_present"] + fields.map { prefix + "_" + $0.name }).joined(separator: ", ")
    }

    /// The definitions of `stateColumns(prefix)` for a table.
    static func stateColumnDefinitions(_ prefix: String) -> String {
        ([prefix + "_present boolean NOT NULL"] + fields.map { "\(prefix)_\($0.name) \($0.type)" }).joined(separator: ",\n")
    }

    /// Decodes a row that starts with `columns`.
    static func decode(_ result: PostgresResult, row: Int) throws(StoreError) -> Loan {
        guard let raw = result.int64(row, 0) else { throw StoreError(.unavailable, "a loan without an id in the database") }
        return try decode(result, row: row, id: LoanID(raw), fieldsFrom: 1)
    }

    /// Decodes a loan whose fields stand in the eight columns from `first`; a value loans could
    /// not have written is an error.
    static func decode(_ result: PostgresResult, row: Int, id: LoanID, fieldsFrom first: Int) throws(StoreError) -> Loan {
        func date(_ column: Int, _ name: String) throws(StoreError) -> CivilDate {
            guard let date = CivilDate(isoBytes: result.bytes(row, first + column)) else { throw malformed(id, name) }
            return date
        }
        guard let direction = result.string(row, first + 1).flatMap(Direction.init(rawValue:)) else { throw malformed(id, "direction") }
        return Loan(
            id: id, title: result.string(row, first) ?? "", direction: direction, counterparty: result.string(row, first + 2) ?? "",
            lentOn: try date(3, "lent_on"), dueOn: try date(4, "due_on"),
            returnedOn: result.isNull(row, first + 5) ? nil : try date(5, "returned_on"),
            note: result.string(row, first + 6), previousDueDates: try dates(result.bytes(row, first + 7), id)
        )
    }

    /// The loan's fields as text, in `fields` order (nil is NULL).
    static func parameters(of loan: Loan) -> [String?] {
        [
            loan.title, loan.direction.rawValue, loan.counterparty, loan.lentOn.iso, loan.dueOn.iso,
            loan.returnedOn?.iso, loan.note, "{" + loan.previousDueDates.map(\.iso).joined(separator: ",") + "}",
        ]
    }

    /// A state for `stateColumns`: present and the fields, or absent and NULLs.
    static func stateParameters(_ loan: Loan?) -> [String?] {
        guard let loan else { return ["f"] + Array(repeating: nil, count: fields.count) }
        return ["t"] + parameters(of: loan)
    }

    /// A `date[]` in text form, `{2026-01-01,2026-02-01}`, as dates.
    private static func dates(_ text: UnsafeBufferPointer<UInt8>, _ id: LoanID) throws(StoreError) -> [CivilDate] {
        guard text.first == UInt8(ascii: "{"), text.last == UInt8(ascii: "}") else { throw malformed(id, "previous_due_dates") }
        let inner = UnsafeBufferPointer(rebasing: text.dropFirst().dropLast())
        guard !inner.isEmpty else { return [] }
        var dates: [CivilDate] = []
        for part in inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let date = CivilDate(isoBytes: UnsafeBufferPointer(rebasing: part)) else { throw malformed(id, "previous_due_dates") }
            dates.append(date)
        }
        return dates
    }

    private static func malformed(_ id: LoanID, _ column: String) -> StoreError {
        StoreError(.unavailable, "loan \(id) has a malformed \(column) in the database")
    }
}

import LoansCore

/// How a loan maps to a row of `loans.loan`: the column list, its decoding from text results,
/// and the loan's fields as text parameters.
enum PostgresLoanRow {
    static let columns = "id, title, direction, counterparty, lent_on, due_on, returned_on, note, previous_due_dates"

    /// The columns after `id`, in the order `parameters(of:)` gives them.
    static let fieldColumns = "title, direction, counterparty, lent_on, due_on, returned_on, note, previous_due_dates"

    /// Decodes one row; a value loans could not have written is an error.
    static func decode(_ result: PostgresResult, row: Int) throws(StoreError) -> Loan {
        guard let raw = result.int64(row, 0) else { throw StoreError(.unavailable, "a loan without an id in the database") }
        let id = LoanID(raw)
        func date(_ column: Int, _ name: String) throws(StoreError) -> CivilDate {
            guard let date = CivilDate(isoBytes: result.bytes(row, column)) else { throw malformed(id, name) }
            return date
        }
        guard let direction = result.string(row, 2).flatMap(Direction.init(rawValue:)) else { throw malformed(id, "direction") }
        return Loan(
            id: id, title: result.string(row, 1) ?? "", direction: direction, counterparty: result.string(row, 3) ?? "",
            lentOn: try date(4, "lent_on"), dueOn: try date(5, "due_on"),
            returnedOn: result.isNull(row, 6) ? nil : try date(6, "returned_on"),
            note: result.string(row, 7), previousDueDates: try dates(result.bytes(row, 8), id)
        )
    }

    /// title … previous_due_dates as text, in `fieldColumns` order (nil is NULL).
    static func parameters(of loan: Loan) -> [String?] {
        [
            loan.title, loan.direction.rawValue, loan.counterparty, loan.lentOn.iso, loan.dueOn.iso,
            loan.returnedOn?.iso, loan.note, "{" + loan.previousDueDates.map(\.iso).joined(separator: ",") + "}",
        ]
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

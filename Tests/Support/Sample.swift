import LoansCore

/// Loans around a fixed day, used by the store contract and the stores' own tests.
package enum Sample {
    package static let today = CivilDate(iso: "2026-11-29")!

    package static func day(_ offset: Int) -> CivilDate { today.adding(days: offset)! }

    package static func loan(_ id: Int64, due: Int, returned: Int? = nil, title: String? = nil) -> Loan {
        Loan(
            id: LoanID(id), title: title ?? "Loan \(id)", direction: id.isMultiple(of: 2) ? .lent : .borrowed,
            counterparty: "Party \(id)", lentOn: day(-90), dueOn: day(due), returnedOn: returned.map(day),
            note: id.isMultiple(of: 3) ? "note \(id)" : nil,
            previousDueDates: id.isMultiple(of: 4) ? [day(-60), day(-30)] : []
        )
    }

    /// Open and returned loans, several on the same due day, ids not in due order.
    package static let loans: [Loan] = [
        loan(1, due: 3), loan(2, due: -5), loan(3, due: -5), loan(4, due: 0), loan(5, due: -1, returned: -2),
        loan(6, due: 7), loan(7, due: 8), loan(8, due: -40), loan(9, due: 0), loan(12, due: 2, returned: 0),
    ]
}

/// Where a loan stands on a given day (the `status` of every front).
package enum LoanStatus: String, Hashable, Sendable, CaseIterable {
    case overdue
    case dueSoon = "due_soon"
    case open
    case returned
}

/// A loan together with where it stands today: what the fronts present.
package struct LoanStanding: Hashable, Sendable {
    package let loan: Loan
    package let status: LoanStatus
    /// Days from today to the due date (negative when overdue); nil once returned.
    package let daysUntilDue: Int?

    package init(loan: Loan, status: LoanStatus, daysUntilDue: Int?) {
        self.loan = loan
        self.status = status
        self.daysUntilDue = daysUntilDue
    }

    package var id: LoanID { loan.id }

    /// Days past the due date (≥ 1) for an overdue loan, else nil.
    package var daysOverdue: Int? {
        status == .overdue ? daysUntilDue.map { -$0 } : nil
    }
}

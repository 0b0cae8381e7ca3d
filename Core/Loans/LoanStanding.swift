/// Where a loan stands on a given day (the `status` of every front).
public enum LoanStatus: String, Hashable, Sendable, CaseIterable {
    case overdue
    case dueSoon = "due_soon"
    case open
    case returned
}

/// A loan together with where it stands today: what the fronts present.
public struct LoanStanding: Hashable, Sendable {
    public let loan: Loan
    public let status: LoanStatus
    /// Days from today to the due date (negative when overdue); nil once returned.
    public let daysUntilDue: Int?

    public init(loan: Loan, status: LoanStatus, daysUntilDue: Int?) {
        self.loan = loan
        self.status = status
        self.daysUntilDue = daysUntilDue
    }

    public var id: LoanID { loan.id }

    /// Days past the due date (≥ 1) for an overdue loan, else nil.
    public var daysOverdue: Int? {
        status == .overdue ? daysUntilDue.map { -$0 } : nil
    }
}

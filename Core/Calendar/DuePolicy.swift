/// Where a loan stands on a given day (CONTRACT §2, §4 `status`).
public enum LoanStatus: String, Hashable, Sendable {
    case overdue
    case dueSoon = "due_soon"
    case open
    case returned
}

/// Today and the window, captured once per request: decides what is overdue and what is due soon.
public struct DuePolicy: Hashable, Sendable {
    public let today: CivilDate
    public let window: DueWindow

    public init(today: CivilDate, window: DueWindow) {
        self.today = today
        self.window = window
    }

    /// Due dates of open loans that are overdue: before today. Nil on 0001-01-01.
    public var overdueRange: DueRange? { window.overdueRange(today: today) }

    /// Due dates of open loans that are due soon: today through today + window.
    public var dueSoonRange: DueRange { window.dueSoonRange(today: today) }

    /// Due dates of open loans due after the window (status `open`). Nil when the window
    /// reaches the calendar's last day.
    public var laterRange: DueRange? {
        dueSoonRange.through.adding(days: 1).map { DueRange(from: $0, through: .latest) }
    }

    /// The status of a loan today.
    public func status(of loan: Loan) -> LoanStatus {
        if !loan.isOpen { return .returned }
        if loan.dueOn < today { return .overdue }
        return dueSoonRange.contains(loan.dueOn) ? .dueSoon : .open
    }

    /// A loan with its standing today, as every front shows it.
    public func standing(of loan: Loan) -> DueLoan {
        DueLoan(loan: loan, status: status(of: loan), daysUntilDue: loan.isOpen ? loan.dueOn.days(since: today) : nil)
    }
}

/// A loan together with where it stands today: what the fronts present.
public struct DueLoan: Hashable, Sendable {
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

/// Today and the window, captured once per request: decides what is overdue and what is due soon.
package struct DuePolicy: Hashable, Sendable {
    package let today: CivilDate
    package let window: DueWindow

    package init(today: CivilDate, window: DueWindow) {
        self.today = today
        self.window = window
    }

    /// Due dates of open loans that are overdue: everything before today (nothing at all on
    /// the calendar's first day).
    package var overdueRange: DueRange? {
        today.adding(days: -1).map { DueRange(from: nil, through: $0) }
    }

    /// Due dates of open loans that are due soon: today through today + window, ending at the
    /// calendar's last day when the window reaches past it.
    package var dueSoonRange: DueRange {
        DueRange(from: today, through: today.adding(days: window.days) ?? .latest)
    }

    /// Due dates of open loans due after the window (status `open`). Nil when the window
    /// reaches the calendar's last day.
    package var laterRange: DueRange? {
        dueSoonRange.through.adding(days: 1).map { DueRange(from: $0, through: .latest) }
    }

    /// The status of a loan today.
    package func status(of loan: Loan) -> LoanStatus {
        if !loan.isOpen { return .returned }
        if loan.dueOn < today { return .overdue }
        return dueSoonRange.contains(loan.dueOn) ? .dueSoon : .open
    }

    /// A loan with its standing today, as every front shows it.
    package func standing(of loan: Loan) -> LoanStanding {
        LoanStanding(loan: loan, status: status(of: loan), daysUntilDue: loan.isOpen ? loan.dueOn.days(since: today) : nil)
    }
}

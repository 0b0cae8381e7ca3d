/// Where a renewal moves the due date.
public enum RenewalTarget: Hashable, Sendable {
    /// To this date.
    case date(CivilDate)
    /// By this offset, counted from the current due date.
    case offset(DateOffset)
}

/// Renews an open loan: moves its due date, counts the renewal and keeps the old date.
public struct RenewLoan {
    let store: any LoanWriting

    public init(store: any LoanWriting) {
        self.store = store
    }

    public func run(_ id: LoanID, to target: RenewalTarget) throws(LoanCommandError) -> Loan {
        try modifying(store, id) { loan in
            try loan.requireOpen()
            let newDue: CivilDate
            switch target {
            case .date(let date):
                newDue = date
            case .offset(let offset):
                guard let date = offset.applied(to: loan.dueOn) else {
                    throw LoanCommandError.renewalOutOfRange(id, offset)
                }
                newDue = date
            }
            try LoanRules.dates(lentOn: loan.lentOn, dueOn: newDue, returnedOn: nil)
            loan.previousDueDates.append(loan.dueOn)
            loan.dueOn = newDue
        }
    }
}

/// Where a renewal moves the due date.
package enum RenewalTarget: Hashable, Sendable {
    /// To this date.
    case date(CivilDate)
    /// By this offset, counted from the current due date.
    case offset(DateOffset)
}

/// Renews an open loan: moves its due date later, counts the renewal and keeps the old date.
/// Moving a due date earlier is a correction (`EditLoan`), never a renewal.
package struct RenewLoan {
    let store: any LoanWriting

    package init(store: any LoanWriting) {
        self.store = store
    }

    package func run(_ id: LoanID, to target: RenewalTarget) throws(LoanCommandError) -> Loan {
        try modifying(store, id, .renew) { loan in
            try loan.requireOpen()
            let newDue = try RenewLoan.dueDate(of: loan, target)
            try LoanRules.dates(lentOn: loan.lentOn, dueOn: newDue, returnedOn: nil)
            loan.previousDueDates.append(loan.dueOn)
            loan.dueOn = newDue
        }
    }

    /// The due date a renewal of `loan` to `target` gives, refused unless it is later than the
    /// current one (forms preview it with this).
    package static func dueDate(of loan: Loan, _ target: RenewalTarget) throws(LoanCommandError) -> CivilDate {
        let newDue: CivilDate
        switch target {
        case .date(let date):
            newDue = date
        case .offset(let offset):
            guard let date = offset.applied(to: loan.dueOn) else { throw .renewalOutOfRange(loan.id, offset) }
            newDue = date
        }
        guard newDue > loan.dueOn else { throw .renewalNotLater(loan.id, to: newDue, due: loan.dueOn) }
        return newDue
    }
}

/// Marks an open loan returned on a day: today or earlier, never before it was lent.
package struct ReturnLoan {
    let store: any LoanWriting

    package init(store: any LoanWriting) {
        self.store = store
    }

    package func run(_ id: LoanID, on date: CivilDate, today: CivilDate) throws(LoanCommandError) -> Loan {
        try modifying(store, id, .returnLoan) { loan in
            try loan.requireOpen()
            guard date <= today else { throw LoanCommandError.returnAfterToday(id, on: date, today: today) }
            try LoanRules.dates(lentOn: loan.lentOn, dueOn: loan.dueOn, returnedOn: date)
            loan.returnedOn = date
        }
    }
}

/// Makes a returned loan open again, on its own, without undoing later changes.
package struct ReopenLoan {
    let store: any LoanWriting

    package init(store: any LoanWriting) {
        self.store = store
    }

    package func run(_ id: LoanID) throws(LoanCommandError) -> Loan {
        try modifying(store, id, .reopen) { loan in
            guard loan.returnedOn != nil else { throw LoanCommandError.notReturned(id) }
            loan.returnedOn = nil
        }
    }
}

/// Marks an open loan returned on a day.
public struct ReturnLoan {
    let store: any LoanWriting

    public init(store: any LoanWriting) {
        self.store = store
    }

    public func run(_ id: LoanID, on date: CivilDate) throws(LoanCommandError) -> Loan {
        try modifying(store, id) { loan in
            try loan.requireOpen()
            try LoanRules.dates(lentOn: loan.lentOn, dueOn: loan.dueOn, returnedOn: date)
            loan.returnedOn = date
        }
    }
}

/// Creates a loan after checking the rules every loan obeys.
package struct AddLoan {
    let store: any LoanWriting

    package init(store: any LoanWriting) {
        self.store = store
    }

    /// Stores the draft (names trimmed, a blank note dropped) as one `add` change and returns
    /// the new id.
    package func run(_ draft: LoanDraft) throws(LoanCommandError) -> LoanID {
        try commanding {
            var draft = draft
            draft.title = try LoanRules.name(draft.title, .title)
            draft.counterparty = try LoanRules.name(draft.counterparty, .counterparty)
            draft.note = try LoanRules.note(draft.note)
            try LoanRules.dates(lentOn: draft.lentOn, dueOn: draft.dueOn, returnedOn: nil)
            let loan = Loan(
                id: LoanID(0), title: draft.title, direction: draft.direction, counterparty: draft.counterparty,
                lentOn: draft.lentOn, dueOn: draft.dueOn, note: draft.note
            )
            return try store.change(.add) { try $0.insertNew(loan).id }
        }
    }

    /// The lent date of a loan added without one: today, or the due date when that is earlier
    /// (a loan already overdue is recorded without inventing a lent date).
    package static func defaultLentOn(today: CivilDate, dueOn: CivilDate) -> CivilDate {
        min(today, dueOn)
    }
}

/// The fields an edit changes; nil leaves a field as it is.
package struct LoanEdit: Hashable, Sendable {
    package var title: String?
    package var direction: Direction?
    package var counterparty: String?
    package var dueOn: CivilDate?
    package var lentOn: CivilDate?
    /// A new note; a blank text clears the note.
    package var note: String?

    package init() {}

    package var isEmpty: Bool { self == LoanEdit() }
}

/// What an edit did: the loan as stored, and the earlier due dates it dropped (oldest first)
/// because the corrected due date is not after them.
package struct EditOutcome: Hashable, Sendable {
    package let loan: Loan
    package let droppedDueDates: [CivilDate]
}

/// Corrects a loan's fields. A due date changed here is a correction, not a renewal: it is not
/// counted among the renewals (the history keeps the change all the same). The renewals stay
/// a history that could have happened — each earlier due date before the next, the last before
/// the due date — so a corrected due date drops the earlier due dates that are not before it
/// (the renewals they record cannot have happened so), and every loan `json all` writes
/// imports again.
package struct EditLoan {
    let store: any LoanWriting

    package init(store: any LoanWriting) {
        self.store = store
    }

    package func run(_ id: LoanID, _ edit: LoanEdit) throws(LoanCommandError) -> EditOutcome {
        var dropped: [CivilDate] = []
        let loan = try modifying(store, id, .edit) { loan in
            if let title = edit.title { loan.title = title }
            if let direction = edit.direction { loan.direction = direction }
            if let counterparty = edit.counterparty { loan.counterparty = counterparty }
            if let dueOn = edit.dueOn { loan.dueOn = dueOn }
            if let lentOn = edit.lentOn { loan.lentOn = lentOn }
            if let note = edit.note { loan.note = note }
            loan = try LoanRules.validated(loan)
            dropped = LoanRules.keepRenewalsBeforeDue(&loan)
        }
        return EditOutcome(loan: loan, droppedDueDates: dropped)
    }
}

/// Creates a loan after checking the rules every loan obeys.
public struct AddLoan {
    let store: any LoanWriting

    public init(store: any LoanWriting) {
        self.store = store
    }

    /// Stores the draft (names trimmed, a blank note dropped) and returns the new id.
    public func run(_ draft: LoanDraft) throws(LoanCommandError) -> LoanID {
        try commanding {
            var draft = draft
            draft.title = try LoanRules.name(draft.title, .title)
            draft.counterparty = try LoanRules.name(draft.counterparty, .counterparty)
            draft.note = try LoanRules.note(draft.note)
            try LoanRules.dates(lentOn: draft.lentOn, dueOn: draft.dueOn, returnedOn: nil)
            return try store.add(draft)
        }
    }
}

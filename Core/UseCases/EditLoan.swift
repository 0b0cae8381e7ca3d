/// The fields an edit changes; nil leaves a field as it is.
public struct LoanEdit: Hashable, Sendable {
    public var title: String?
    public var direction: Direction?
    public var counterparty: String?
    public var dueOn: CivilDate?
    public var lentOn: CivilDate?
    /// A new note; a blank text clears the note.
    public var note: String?

    public init() {}

    public var isEmpty: Bool { self == LoanEdit() }
}

/// Corrects a loan's fields. A due date changed here is a correction, not a renewal: it is not
/// counted among the renewals (the history keeps the change all the same).
public struct EditLoan {
    let store: any LoanWriting

    public init(store: any LoanWriting) {
        self.store = store
    }

    public func run(_ id: LoanID, _ edit: LoanEdit) throws(LoanCommandError) -> Loan {
        try modifying(store, id, .edit) { loan in
            if let title = edit.title { loan.title = title }
            if let direction = edit.direction { loan.direction = direction }
            if let counterparty = edit.counterparty { loan.counterparty = counterparty }
            if let dueOn = edit.dueOn { loan.dueOn = dueOn }
            if let lentOn = edit.lentOn { loan.lentOn = lentOn }
            if let note = edit.note { loan.note = note }
            loan = try LoanRules.validated(loan)
        }
    }
}

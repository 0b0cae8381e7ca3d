import LoansCore

/// Which value a form field holds.
package enum FieldName: Hashable, Sendable {
    case title, direction, counterparty, lentOn, dueOn, note
    /// The single date of a renewal (the new due date) or a return (the day it came back).
    case date
}

/// One line of a form: a label and either editable text or the lent/borrowed toggle.
package struct FormField: Hashable, Sendable {
    package let name: FieldName
    package let label: String
    package var input: TextInput
    /// The toggle's value; only the direction field uses it.
    package var direction: Direction

    init(_ name: FieldName, _ label: String, text: String = "", direction: Direction = .lent) {
        self.name = name
        self.label = label
        input = TextInput(text)
        self.direction = direction
    }

    /// Whether the field is typed as a date (and so shows the day it means).
    package var isDate: Bool { name == .lentOn || name == .dueOn || name == .date }

    package var isToggle: Bool { name == .direction }

    /// Whether a pasted newline stays one (the note); in the other fields it becomes a space.
    package var keepsNewlines: Bool { name == .note }

    /// Takes pasted text as text; false for the toggle, which has no text.
    mutating func paste(_ text: String) -> Bool {
        guard !isToggle else { return false }
        input.insert(TextInput.pastable(text, keepingNewlines: keepsNewlines))
        return true
    }

    /// Handles a key meant for this field; false when the key is not the field's.
    mutating func apply(_ key: Key) -> Bool {
        guard isToggle else { return input.apply(key) }
        switch key {
        case .character(" "), .left, .right:
            direction = direction == .lent ? .borrowed : .lent
        case .character("l"), .character("L"):
            direction = .lent
        case .character("b"), .character("B"):
            direction = .borrowed
        default:
            return false
        }
        return true
    }
}

/// What a form asks the use cases to do once its values are valid.
package enum FormSubmission: Hashable, Sendable {
    case add(LoanDraft)
    case edit(LoanID, LoanEdit)
    case renew(LoanID, CivilDate)
    case returnLoan(LoanID, CivilDate)
}

/// What a key did to a form.
package enum FormOutcome: Hashable, Sendable {
    /// The form changed (or the key was ignored); it stays open.
    case editing
    /// Enter on valid values: run the submission.
    case submit(FormSubmission)
    /// Esc: close without changing anything.
    case cancel
}

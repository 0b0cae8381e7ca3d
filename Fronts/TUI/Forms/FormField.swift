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

    /// A field holding `text`; `prefilled` when the text is a default rather than the loan's own.
    init(_ name: FieldName, _ label: String, text: String = "", prefilled: Bool = false, direction: Direction = .lent) {
        self.name = name
        self.label = label
        input = TextInput(text)
        self.prefilled = prefilled && !text.isEmpty
        self.direction = direction
    }

    /// Whether the field is typed as a date (and so shows the day it means).
    package var isDate: Bool { name == .lentOn || name == .dueOn || name == .date }

    package var isToggle: Bool { name == .direction }
    /// The text is a default the form filled in (`+7d`, `today`), untouched: like a browser's
    /// selected text, the first character typed or pasted replaces it, and an editing key makes
    /// it ordinary text first.
    package private(set) var prefilled: Bool

    /// Whether a pasted newline stays one (the note); in the other fields it becomes a space.
    package var keepsNewlines: Bool { name == .note }

    /// Takes pasted text as text, as much as the field has room for, and says what it refused
    /// (nothing on the toggle, which has no text).
    mutating func paste(_ text: String) -> TextOverflow? {
        guard !isToggle else { return nil }
        replaceDefault()
        let refused = input.insert(TextInput.pastable(text, keepingNewlines: keepsNewlines))
        return refused > 0 ? TextOverflow(capacity: input.capacity, pasted: true) : nil
    }

    /// Does what a key asked of this field (`KeyMap`): the toggle's keys on the toggle, editing
    /// on text; false when the action is not this field's.
    mutating func apply(_ action: KeyAction) -> Bool {
        switch action {
        case .text(let edit) where !isToggle:
            prefilled = false
            input.perform(edit)
        case .toggleDirection where isToggle: direction = direction == .lent ? .borrowed : .lent
        case .lent where isToggle: direction = .lent
        case .borrowed where isToggle: direction = .borrowed
        default: return false
        }
        return true
    }

    /// Types a character at the cursor unless the field is full, and says when it refused
    /// (nothing on the toggle, which has no text).
    mutating func type(_ character: Character) -> TextOverflow? {
        guard !isToggle else { return nil }
        replaceDefault()
        let refused = input.insert(String(character))
        return refused > 0 ? TextOverflow(capacity: input.capacity, pasted: false) : nil
    }

    /// Takes a known name in place of what is typed, the cursor after it.
    mutating func complete(with name: String) {
        input = TextInput(name, capacity: input.capacity)
        prefilled = false
    }

    /// Text typed into a default the form filled in takes its place.
    private mutating func replaceDefault() {
        guard prefilled else { return }
        input = TextInput()
        prefilled = false
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

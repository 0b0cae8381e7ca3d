import LoansCore
import LoansText

/// A form over a loan: add, edit, renew (new due date) or return (the day). Fields are
/// checked with the same rules and date parser as the command line; problems show next to
/// their field as soon as a date is typed, and for every field after a first Enter. Esc on a
/// form with changes asks before it throws them away.
package struct LoanForm: Hashable, Sendable {
    /// What the form is for.
    package enum Purpose: Hashable, Sendable {
        case add
        case edit(Loan)
        case renew(Loan)
        case returnLoan(Loan)
    }

    package let purpose: Purpose
    package private(set) var fields: [FormField]
    /// The field with the focus.
    package private(set) var focus = 0
    /// Set once Enter was pressed: from then on every problem shows.
    package private(set) var submitted = false
    /// Why the last submission failed in the use case (a rule, a locked database).
    package var failure: String?
    /// What the focused field refused at the last key or paste: it was full.
    package private(set) var overflow: TextOverflow?
    /// Set by Esc on an edited form: `y` discards the changes, `n` or Esc keeps editing.
    package private(set) var askingToDiscard = false
    /// The fields as the form opened, to tell whether anything was changed.
    private let initial: [FormField]
    /// The names a person field offers (the people kept and the names used), read when the form
    /// opens.
    package var knownNames: [String] = []

    init(_ purpose: Purpose, _ fields: [FormField]) {
        self.purpose = purpose
        self.fields = fields
        initial = fields
    }

    /// The date typed by default for a due date: the due-soon window from today.
    static func windowDate(_ window: DueWindow) -> String {
        window.days == 0 ? "today" : "+\(window.days)d"
    }

    package static func add(window: DueWindow) -> LoanForm {
        LoanForm(.add, [
            FormField(.title, "Title"), FormField(.direction, "Direction"), FormField(.counterparty, "Counterparty"),
            FormField(.lentOn, "Lent on"), FormField(.dueOn, "Due on", text: windowDate(window), prefilled: true),
            FormField(.note, "Note"),
        ])
    }

    package static func edit(_ loan: Loan) -> LoanForm {
        LoanForm(.edit(loan), [
            FormField(.title, "Title", text: loan.title), FormField(.direction, "Direction", direction: loan.direction),
            FormField(.counterparty, "Counterparty", text: loan.counterparty),
            FormField(.lentOn, "Lent on", text: loan.lentOn.iso), FormField(.dueOn, "Due on", text: loan.dueOn.iso),
            FormField(.note, "Note", text: loan.note ?? ""),
        ])
    }

    /// Renewing: `+N[dwm]` counts from the current due date, as `loans renew --by` does; the
    /// default moves it by the window (at least a day).
    package static func renew(_ loan: Loan, window: DueWindow) -> LoanForm {
        LoanForm(.renew(loan), [FormField(.date, "New due date", text: "+\(max(1, window.days))d", prefilled: true)])
    }

    package static func returnLoan(_ loan: Loan) -> LoanForm {
        LoanForm(.returnLoan(loan), [FormField(.date, "Returned on", text: "today", prefilled: true)])
    }

    /// Whether any field differs from what the form opened with.
    package var isEdited: Bool {
        zip(fields, initial).contains { $0.input.text != $1.input.text || $0.direction != $1.direction }
    }

    /// Which keys work now: the discard question's, the direction field's or a text field's.
    package var keyMode: KeyMode {
        askingToDiscard ? .discardQuestion : fields[focus].isToggle ? .directionField : .form
    }

    package var keyContext: KeyContext {
        var holds: KeyConditions = fields.count > 1 ? [.severalFields] : []
        if suggestion != nil { holds.insert(.suggestion) }
        return KeyContext(holds: holds)
    }

    /// The name Tab takes in the focused person field: the first known name that begins with the
    /// text typed, as names are compared (`TextFolding`), and is not that text already; nil when
    /// the field is not a person's, is empty, or no name begins so.
    package var suggestion: String? {
        let field = fields[focus]
        guard field.name == .counterparty, !field.input.isEmpty else { return nil }
        let typed = TextFolding.folded(field.input.text)
        return knownNames.first { $0 != field.input.text && TextFolding.folded($0).hasPrefix(typed) }
    }

    /// Handles a key as the key map says: Tab/↓ and Shift-Tab/↑ move between fields (Tab in a
    /// person field first takes the name offered, if any), Enter submits, Esc cancels (asking
    /// first when something was changed), the others edit the focused field (a character is
    /// typed into a text field).
    package mutating func apply(_ key: Key, today: CivilDate) -> FormOutcome {
        let action = KeyMap.action(for: key, in: keyMode, keyContext)
        overflow = nil
        if askingToDiscard {
            switch action {
            case .discard?: return .cancel
            case .keepEditing?: askingToDiscard = false
            default: break
            }
            return .editing
        }
        switch action {
        case .cancel?:
            guard isEdited else { return .cancel }
            askingToDiscard = true
        case .nextField?:
            focus = (focus + 1) % fields.count
        case .previousField?:
            focus = (focus + fields.count - 1) % fields.count
        case .complete?:
            if let suggestion { fields[focus].complete(with: suggestion) }
        case .save?:
            submitted = true
            failure = nil
            let problems = problems(today: today)
            if let first = fields.firstIndex(where: { problems[$0.name] != nil }) {
                focus = first
                return .editing
            }
            return submission(today: today).map(FormOutcome.submit) ?? .editing
        case let action?:
            if fields[focus].apply(action) { failure = nil }
        case nil:
            if case .character(let character) = key, !fields[focus].isToggle {
                failure = nil
                overflow = fields[focus].type(character)
            }
        }
        return .editing
    }

    /// Pasted text goes into the focused field as text (never a key), unless a question is open.
    package mutating func paste(_ text: String) {
        guard !askingToDiscard, !fields[focus].isToggle else { return }
        failure = nil
        overflow = fields[focus].paste(text)
    }

    /// The date a date field means today, or nil when it does not parse.
    package func date(_ name: FieldName, today: CivilDate) -> CivilDate? {
        try? parsedDate(name, today: today)
    }

    /// The date typed in a date field: a renewal's `+N[dwm]` counts from the current due date,
    /// an empty lent date of a new loan is the earlier of today and the due date, and every
    /// other text is read as the command line reads dates.
    private func parsedDate(_ name: FieldName, today: CivilDate) throws -> CivilDate? {
        guard let field = fields.first(where: { $0.name == name }) else { return nil }
        let text = LoanForm.trimmed(field.input.text)
        switch (purpose, name) {
        case (.renew(let loan), .date):
            guard let offset = DateOffset(parsing: text, defaultUnit: .days) else { break }
            guard let date = offset.applied(to: loan.dueOn) else { throw DateInputError.outOfRange(text) }
            return date
        case (.add, .lentOn) where text.isEmpty:
            return (try? parsedDate(.dueOn, today: today)).map { AddLoan.defaultLentOn(today: today, dueOn: $0) }
        default:
            break
        }
        return try DateInput.parse(text, today: today)
    }

    /// The problem of each field that has one: dates always, the others once Enter was pressed.
    package func problems(today: CivilDate) -> [FieldName: String] {
        var problems: [FieldName: String] = [:]
        for field in fields {
            do {
                switch field.name {
                case .title where submitted: _ = try LoanRules.name(field.input.text, .title)
                case .counterparty where submitted: _ = try LoanRules.name(field.input.text, .counterparty)
                case .note where submitted: _ = try LoanRules.note(field.input.text)
                case .lentOn, .dueOn, .date: _ = try parsedDate(field.name, today: today)
                default: break
                }
            } catch {
                problems[field.name] = "\(error)"
            }
        }
        if problems.isEmpty, let (name, problem) = dateOrderProblem(today: today) {
            problems[name] = problem.description
        }
        return problems
    }

    /// Lent, due and return dates out of order, checked with the loan rules; a renewal that does
    /// not move the due date later.
    private func dateOrderProblem(today: CivilDate) -> (FieldName, DateOrderProblem)? {
        do {
            switch purpose {
            case .add, .edit:
                guard let lent = date(.lentOn, today: today), let due = date(.dueOn, today: today) else { return nil }
                try LoanRules.dates(lentOn: lent, dueOn: due, returnedOn: original?.returnedOn)
            case .renew(let loan):
                guard let due = date(.date, today: today) else { return nil }
                do { _ = try RenewLoan.dueDate(of: loan, .date(due)) } catch { return (.date, .refused(error)) }
                try LoanRules.dates(lentOn: loan.lentOn, dueOn: due, returnedOn: nil)
            case .returnLoan(let loan):
                guard let day = date(.date, today: today) else { return nil }
                try LoanRules.dates(lentOn: loan.lentOn, dueOn: loan.dueOn, returnedOn: day)
            }
        } catch {
            return (fieldFor(error), .rule(error))
        }
        return nil
    }

    private func fieldFor(_ violation: LoanRuleViolation) -> FieldName {
        switch purpose {
        case .renew, .returnLoan: .date
        case .add, .edit: if case .returnedBeforeLent = violation { .lentOn } else { .dueOn }
        }
    }

    /// The loan being edited, renewed or returned.
    package var original: Loan? {
        switch purpose {
        case .add: nil
        case .edit(let loan), .renew(let loan), .returnLoan(let loan): loan
        }
    }

    private func text(_ name: FieldName) -> String {
        fields.first { $0.name == name }?.input.text ?? ""
    }

    private var direction: Direction {
        fields.first { $0.isToggle }?.direction ?? .lent
    }

    /// What to ask of the use cases, once every field parses.
    private func submission(today: CivilDate) -> FormSubmission? {
        switch purpose {
        case .add:
            guard let lent = date(.lentOn, today: today), let due = date(.dueOn, today: today) else { return nil }
            let note = text(.note)
            return .add(LoanDraft(
                title: text(.title), direction: direction, counterparty: text(.counterparty),
                lentOn: lent, dueOn: due, note: note.isEmpty ? nil : note
            ))
        case .edit(let loan):
            guard let lent = date(.lentOn, today: today), let due = date(.dueOn, today: today) else { return nil }
            var edit = LoanEdit()
            if text(.title) != loan.title { edit.title = text(.title) }
            if direction != loan.direction { edit.direction = direction }
            if text(.counterparty) != loan.counterparty { edit.counterparty = text(.counterparty) }
            if lent != loan.lentOn { edit.lentOn = lent }
            if due != loan.dueOn { edit.dueOn = due }
            if text(.note) != (loan.note ?? "") { edit.note = text(.note) }
            return .edit(loan.id, edit)
        case .renew(let loan):
            return date(.date, today: today).map { .renew(loan.id, $0) }
        case .returnLoan(let loan):
            return date(.date, today: today).map { .returnLoan(loan.id, $0) }
        }
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// Dates that parse but do not go together.
enum DateOrderProblem: Error {
    case rule(LoanRuleViolation)
    /// What the use case would refuse (a renewal must move the due date later).
    case refused(LoanCommandError)

    var description: String {
        switch self {
        case .rule(let violation): violation.description
        case .refused(let refusal): ErrorText.tui(refusal)
        }
    }
}

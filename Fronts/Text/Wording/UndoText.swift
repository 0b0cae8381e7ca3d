import LoansCore

/// What `loans undo` and `loans redo` did, in one line, the same on the command line and in the
/// TUI: `Undid: returned #3 The Hobbit — it is open again`.
package enum UndoText {
    package static func undid(_ outcome: UndoOutcome) -> String {
        line("Undid", outcome, consequence(undo: true, outcome))
    }

    package static func redid(_ outcome: UndoOutcome) -> String {
        line("Redid", outcome, consequence(undo: false, outcome))
    }

    private static func line(_ verb: String, _ outcome: UndoOutcome, _ consequence: String) -> String {
        let change = outcome.change
        let subject: String
        if let delta = outcome.delta, let loan = delta.before ?? delta.after {
            subject = "\(ChangeWording.past(change.kind)) #\(loan.id) \(SafeText.sanitized(loan.title))"
        } else if change.kind == .person, let person = outcome.person.flatMap({ $0.after ?? $0.before }) {
            subject = "\(ChangeWording.past(change.kind)) \(SafeText.sanitized(person.name))"
        } else if change.loanCount == 0 {
            subject = ChangeWording.past(change.kind)
        } else {
            subject = "\(ChangeWording.past(change.kind)) \(change.loanCount) loans"
        }
        var text = "\(verb): \(subject) — \(consequence)"
        for skipped in outcome.skipped {
            text += " (left change \(skipped.id), \(ChangeWording.past(skipped.kind)): \(skipped.kind == .person ? "its contact" : "a loan of it") was changed since)"
        }
        return text
    }

    private static func consequence(undo: Bool, _ outcome: UndoOutcome) -> String {
        let delta = outcome.delta
        switch (outcome.change.kind, undo) {
        case (.add, true), (.remove, false): return "it is gone again"
        case (.add, false), (.remove, true): return "it is back"
        case (.edit, true): return "its fields are as they were"
        case (.edit, false): return "the edit is back"
        case (.renew, _):
            let loan = undo ? delta?.before : delta?.after
            return loan.map { "it is due \($0.dueOn) again" } ?? "the due date is back"
        case (.returnLoan, true), (.reopen, false): return "it is open again"
        case (.returnLoan, false), (.reopen, true): return "it is returned again"
        case (.importDocument, true): return "the import is reverted"
        case (.importDocument, false): return "the import is back"
        case (.person, _):
            guard let delta = outcome.person else { return "the contact is as it was" }
            return (undo ? delta.before : delta.after).map { "\(PersonText.contact($0)) again" } ?? "the contact is gone again"
        case (.undo, _), (.redo, _): return "done"
        }
    }
}

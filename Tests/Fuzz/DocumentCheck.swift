import LoansCore
import LoansInterchange

/// The import decoder's invariants for any bytes, history (`json all --history`) included: every
/// loan handed over obeys the rules; every change comes after the one before it, an undo or a
/// redo names an earlier change and is never undone itself, and each of a change's loans comes
/// in increasing id order with states before and after that obey the rules and carry its id;
/// every contact, in the document or a change, obeys the rules of a contact; a refusal is a
/// `DocumentError` with a path, worded on one safe line.
enum DocumentCheck {
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        do {
            try LoanDocument.decode(.bytes(Array(bytes)), visitor: Checker())
        } catch let error as DocumentError {
            FuzzTarget.require(!error.path.isEmpty, "a refusal without a path")
            FuzzTarget.require(FuzzTarget.isOneSafeLine(error.description), "unsafe message for a document")
        } catch {
            FuzzTarget.require(false, "unexpected error \(error)")
        }
    }

    final class Checker: LoanDocumentVisitor {
        var changes: [ChangeID: Change] = [:]
        var last: Change?
        var lastLoan: LoanID?

        func change(_ change: Change) {
            if let last { FuzzTarget.require(change.id > last.id, "change \(change.id) after \(last.id)") }
            if let target = change.target {
                FuzzTarget.require([.undo, .redo].contains(change.kind), "a \(change.kind) with a target")
                FuzzTarget.require(changes[target]?.kind.isUndoable == true, "change \(change.id) names \(target)")
                FuzzTarget.require(!change.isUndone, "an undone \(change.kind)")
            } else {
                FuzzTarget.require(change.kind.isUndoable, "a \(change.kind) without a target")
            }
            FuzzTarget.require(!change.who.isEmpty && !change.who.utf8.contains(0), "a change without a who")
            changes[change.id] = change
            last = change
            lastLoan = nil
        }

        func delta(_ delta: LoanDelta) {
            FuzzTarget.require(last != nil, "a change's loan before any change")
            if let lastLoan { FuzzTarget.require(delta.id > lastLoan, "loan \(delta.id) after \(lastLoan) in one change") }
            for state in [delta.before, delta.after].compactMap({ $0 }) {
                FuzzTarget.require(state.id == delta.id, "a state of loan \(state.id) under \(delta.id)")
                FuzzTarget.require((try? LoanRules.validated(state)) == state, "a change's loan breaks a rule")
            }
            lastLoan = delta.id
        }

        func personDelta(_ delta: PersonDelta) {
            FuzzTarget.require(last != nil, "a change's contact before any change")
            FuzzTarget.require(delta.before != nil || delta.after != nil, "a change's contact with neither side")
            for state in [delta.before, delta.after].compactMap({ $0 }) {
                FuzzTarget.require(state.key == delta.key, "a contact of \(state.key) under \(delta.key)")
                person(state)
            }
        }

        func person(_ person: Person) {
            FuzzTarget.require((try? PersonRules.name(person.name)) == person.name, "decoded contact breaks a rule")
            if let email = person.email { FuzzTarget.require((try? EmailAddress(parsing: email.text)) == email, "a refused address") }
        }

        func loan(_ loan: Loan) {
            FuzzTarget.require((try? LoanRules.validated(loan)) == loan, "decoded loan breaks a rule")
        }
    }
}

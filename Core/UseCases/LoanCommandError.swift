/// Why a command on loans was refused.
package enum LoanCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No loan has this id.
    case notFound(LoanID)
    /// The values break a rule every loan obeys.
    case invalid(LoanRuleViolation)
    /// The loan was already returned, so it cannot be returned or renewed.
    case alreadyReturned(LoanID, on: CivilDate)
    /// The loan is out, so there is nothing to reopen.
    case notReturned(LoanID)
    /// A return date after today: a loan cannot come back in the future.
    case returnAfterToday(LoanID, on: CivilDate, today: CivilDate)
    /// A renewal that does not move the due date later.
    case renewalNotLater(LoanID, to: CivilDate, due: CivilDate)
    /// A renewal offset would move the due date off the calendar.
    case renewalOutOfRange(LoanID, DateOffset)
    /// Nothing of this author's is left to undo, or to redo.
    case nothingToUndo, nothingToRedo
    /// The change to undo (or redo) touched a loan that `blocker` changed since.
    case blocked(undo: Bool, Change, loan: LoanID, by: Change?)
    /// The store failed.
    case store(StoreError)

    package var description: String {
        switch self {
        case .notFound(let id):
            return "no loan with id \(id)"
        case .invalid(let violation):
            return violation.description
        case .alreadyReturned(let id, let date):
            return "loan \(id) was already returned on \(date)"
        case .notReturned(let id):
            return "loan \(id) is not returned, so there is nothing to reopen"
        case .returnAfterToday(let id, let date, let today):
            return "return date \(date) is after today (\(today)); a loan comes back today or earlier (loans return \(id) --on \(today))"
        case .renewalNotLater(let id, let date, let due):
            return "a renewal moves the due date later, and \(date) is not after \(due), the current due date of loan \(id) (to correct a wrong due date: loans edit \(id) --due \(date))"
        case .renewalOutOfRange(let id, let offset):
            return "renewing loan \(id) by +\(offset.count)\(offset.unit.letter) leaves the calendar (0001-01-01 to 9999-12-31)"
        case .nothingToUndo:
            return "nothing to undo"
        case .nothingToRedo:
            return "nothing to redo"
        case .blocked(let undo, let change, let loan, let blocker):
            let verb = undo ? "undo" : "redo"
            let since = blocker.map { "change \($0.id) (\($0.kind.rawValue) by \($0.who) at \($0.at))" } ?? "a change made outside loans"
            return "cannot \(verb) change \(change.id) (\(change.kind.rawValue) of loan \(loan)): \(since) touched the loan since; nothing was changed"
                + (undo ? " (loans undo --skip leaves it and undoes the next one)" : "")
        case .store(let error):
            return error.message
        }
    }
}

extension Loan {
    /// Refuses a loan that came back already: it can be neither returned nor renewed again.
    package func requireOpen() throws(LoanCommandError) {
        if let returnedOn { throw .alreadyReturned(id, on: returnedOn) }
    }
}

/// Runs a store call, reporting failures as `LoanCommandError`.
func commanding<T>(_ body: () throws -> T) throws(LoanCommandError) -> T {
    do {
        return try body()
    } catch let error as LoanCommandError {
        throw error
    } catch let error as LoanRuleViolation {
        throw .invalid(error)
    } catch let error as StoreError {
        throw .store(error)
    } catch {
        throw .store(StoreError(.unavailable, "\(error)"))
    }
}

/// Modifies one loan as one change of `kind`, or reports that it does not exist. A change that
/// leaves the loan as it was writes (and records) nothing.
func modifying(
    _ store: any LoanWriting, _ id: LoanID, _ kind: ChangeKind, _ change: (inout Loan) throws -> Void
) throws(LoanCommandError) -> Loan {
    try commanding {
        try store.change(kind) { writer in
            guard let original = try writer.loan(id) else { throw LoanCommandError.notFound(id) }
            var loan = original
            try change(&loan)
            if loan != original { try writer.update(loan) }
            return loan
        }
    }
}

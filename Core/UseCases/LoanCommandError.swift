/// Why a command on loans was refused: what happened, as data — the loan, the dates, the change
/// that blocks an undo. Core words none of it; each front says it in its own terms (the command
/// line names its commands and options, the TUI its keys).
package enum LoanCommandError: Error, Equatable, Sendable {
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
    /// The change to undo (or redo) touched a loan or a contact that was changed since.
    case blocked(BlockedChange)
    /// An undo that leaves blocked changes (`--skip`) found only blocked ones: the newest of
    /// them with what blocks it, and how many there are.
    case everyChangeBlocked(BlockedChange, count: Int)
    /// The store failed.
    case store(StoreError)
}

/// An undo or a redo refused, changing nothing, because a loan (or a contact) it would touch no
/// longer stands as the change left it (for an undo) or found it (for a redo).
package struct BlockedChange: Hashable, Sendable {
    /// What was changed since.
    package enum Subject: Hashable, Sendable {
        /// A loan, and its title as it stands now (as the change knew it when the loan is gone).
        case loan(LoanID, title: String?)
        /// A person's contact, by the name it has now (as the change knew it when it is gone).
        case person(String)
    }

    /// Whether an undo was refused (else a redo).
    package let isUndo: Bool
    /// The change that was to be undone or redone.
    package let change: Change
    package let subject: Subject
    /// The newest change that touched the loan or contact since; nil when it was changed
    /// outside loans.
    package let blocker: Change?

    package init(isUndo: Bool, change: Change, subject: Subject, blocker: Change?) {
        self.isUndo = isUndo
        self.change = change
        self.subject = subject
        self.blocker = blocker
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
            if loan != original { try writer.update(from: original, to: loan) }
            return loan
        }
    }
}

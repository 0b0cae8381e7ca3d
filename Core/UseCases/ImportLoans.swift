/// What `loans import` does with a loan whose id is taken by a different loan (or was ever
/// used): refuse the whole import (the default), let the document win, or give the incoming
/// loan a new id.
package enum ImportConflictRule: Hashable, Sendable {
    case refuse, replace, renumber
}

/// What an import did, or — for a dry run — would do.
package struct ImportOutcome: Hashable, Sendable {
    /// Loans new to the store, stored with their own ids.
    package var added = 0
    /// Loans identical to the stored loan of the same id, left alone.
    package var unchanged = 0
    /// Loans that took the place of a different loan of the same id (`--replace`).
    package var replaced = 0
    /// Loans stored under a new id because theirs was taken (`--renumber`).
    package var renumbered = 0
    /// Ids taken by a different loan: the first few, and how many in all.
    package var conflicts: [LoanID] = []
    package var conflictCount = 0
    /// Whether the store took the document's identity (an import into an empty store).
    package var adoptedIdentity = false
    /// Changes of the document's history the store took as its own (an import into an empty store).
    package var adoptedChanges = 0
    /// Changes of the document's history left aside, because the store already held loans or
    /// history of its own (the import is then one change of its own, as without a history).
    package var ignoredChanges = 0
    /// Contacts new to the store.
    package var peopleAdded = 0
    /// Contacts that took the place of a different contact of the same name (the document's
    /// contact wins: a contact has no id to conflict on).
    package var peopleUpdated = 0
    /// Contacts identical to the stored contact of the same name, left alone.
    package var peopleUnchanged = 0

    /// How many conflicting ids an outcome lists (all are counted).
    package static let listedConflicts = 20

    package init() {}
}

/// Why an import was refused: some of its loans' ids are taken by different loans (the outcome
/// lists the first few and counts them all). The fronts word it.
package struct ImportConflictError: Error, Equatable, Sendable {
    package let outcome: ImportOutcome

    package init(outcome: ImportOutcome) {
        self.outcome = outcome
    }
}

/// `loans import`: the loans and contacts a document hands over, in one change, all or nothing.
/// Importing the same document twice changes nothing the second time: a loan or contact identical
/// to the stored one is left alone (a no-op import records no change at all); a contact that
/// differs from the stored one of the same name takes its place. Reading the document is not Core's
/// business: the caller gives a walk that hands over each part, already checked against every
/// rule, and throws for the first problem, which rolls everything back.
///
/// A document that carries a history (`json all --history`), imported into an empty store (no
/// loan, no change), moves whole: its changes are adopted as they stand — ids, instants, who,
/// kinds, loans and contacts before and after, what is undone — in the same transaction as its
/// loans, and the import records no change of its own, so history, undo and redo go on as in the
/// store it came from. Into a store that is not empty the history is left aside (counted) and the
/// loans are imported as one change, by the usual rules, so importing the same document twice still
/// changes nothing the second time.
package struct ImportLoans {
    let store: any LoanWriting
    let conflicts: ImportConflictRule
    let dryRun: Bool

    package init(store: any LoanWriting, conflicts: ImportConflictRule = .refuse, dryRun: Bool = false) {
        self.store = store
        self.conflicts = conflicts
        self.dryRun = dryRun
    }

    /// Imports a document: `document` hands each part to the visitor in document order (the
    /// history's changes before the loans) and then returns the identity of the store the
    /// document came from, if it names one; an import into an empty store takes that identity
    /// (so a move keeps calendar UIDs) and the history.
    package func run(document: (_ visitor: any LoanDocumentVisitor) throws -> String?) throws -> ImportOutcome {
        do {
            return try store.change(.importDocument) { writer in
                let placing = Placing(writer: writer, conflicts: conflicts)
                let identity = try document(placing)
                try placing.finish()
                var outcome = placing.outcome
                if let identity, !dryRun { outcome.adoptedIdentity = try writer.adoptIdentity(identity) }
                if outcome.conflictCount > 0, conflicts == .refuse { throw ImportConflictError(outcome: outcome) }
                if dryRun { throw DryRun(outcome: outcome) }
                return outcome
            }
        } catch let finished as DryRun {
            return finished.outcome
        }
    }

    /// Ends a dry run: thrown to roll the change back, caught to report it.
    private struct DryRun: Error {
        let outcome: ImportOutcome
    }
}

/// Places each part of a document as it is read. Loans to renumber are kept until the document
/// ends, so that a new id never takes the place of an id that comes later in the document.
private final class Placing: LoanDocumentVisitor {
    /// What becomes of the document's history: decided at its first change.
    enum History {
        case undecided, adopted, ignored
    }

    let writer: any LoanChangeWriter
    let conflicts: ImportConflictRule
    var outcome = ImportOutcome()
    var history = History.undecided
    var renumbering: [Loan] = []
    /// Whether a loan or contact was placed yet (a history after them is never adopted).
    var placedLoans = false

    init(writer: any LoanChangeWriter, conflicts: ImportConflictRule) {
        self.writer = writer
        self.conflicts = conflicts
    }

    func change(_ change: Change) throws {
        if history == .undecided { history = try !placedLoans && writer.canAdoptHistory() ? .adopted : .ignored }
        switch history {
        case .adopted:
            try writer.adopt(change)
            outcome.adoptedChanges += 1
        case .ignored, .undecided:
            outcome.ignoredChanges += 1
        }
    }

    func delta(_ delta: LoanDelta) throws {
        if history == .adopted { try writer.adopt(delta) }
    }

    func personDelta(_ delta: PersonDelta) throws {
        if history == .adopted { try writer.adopt(delta) }
    }

    func person(_ person: Person) throws {
        placedLoans = true
        let stored = history == .adopted ? nil : try writer.person(person.key)
        if stored == person {
            outcome.peopleUnchanged += 1
            return
        }
        // Into an empty store that took the history, every contact is where the history left it.
        try writer.setPerson(person)
        if stored == nil { outcome.peopleAdded += 1 } else { outcome.peopleUpdated += 1 }
    }

    func loan(_ loan: Loan) throws {
        placedLoans = true
        if history == .adopted {
            // The store was empty: every loan is new, and its id is the history's own.
            try writer.insert(loan)
            outcome.added += 1
            return
        }
        let stored = try writer.loan(loan.id)
        if stored == loan {
            outcome.unchanged += 1
        } else if stored == nil, try !writer.isTaken(loan.id) {
            try writer.insert(loan)
            outcome.added += 1
        } else {
            outcome.conflictCount += 1
            if outcome.conflicts.count < ImportOutcome.listedConflicts { outcome.conflicts.append(loan.id) }
            switch conflicts {
            case .refuse:
                break
            case .replace:
                if let stored { try writer.update(from: stored, to: loan) } else { try writer.insert(loan) }
                outcome.replaced += 1
            case .renumber:
                renumbering.append(loan)
                outcome.renumbered += 1
            }
        }
    }

    func finish() throws {
        for loan in renumbering { _ = try writer.insertNew(loan) }
    }
}

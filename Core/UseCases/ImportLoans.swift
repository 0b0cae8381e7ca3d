/// What `loans import` does with a loan whose id is taken by a different loan (or was ever
/// used): refuse the whole import (the default), let the document win, or give the incoming
/// loan a new id.
public enum ImportConflictRule: Hashable, Sendable {
    case refuse, replace, renumber
}

/// What an import did, or — for a dry run — would do.
public struct ImportOutcome: Hashable, Sendable {
    /// Loans new to the store, stored with their own ids.
    public var added = 0
    /// Loans identical to the stored loan of the same id, left alone.
    public var unchanged = 0
    /// Loans that took the place of a different loan of the same id (`--replace`).
    public var replaced = 0
    /// Loans stored under a new id because theirs was taken (`--renumber`).
    public var renumbered = 0
    /// Ids taken by a different loan: the first few, and how many in all.
    public var conflicts: [LoanID] = []
    public var conflictCount = 0
    /// Whether the store took the document's identity (an import into an empty store).
    public var adoptedIdentity = false

    /// How many conflicting ids an outcome lists (all are counted).
    public static let listedConflicts = 20

    public init() {}
}

/// Why an import was refused: some of its loans' ids are taken by different loans.
public struct ImportConflictError: Error, Equatable, Sendable, CustomStringConvertible {
    public let outcome: ImportOutcome

    public var description: String {
        let count = outcome.conflictCount
        let ids = outcome.conflicts.map { "\($0)" }.joined(separator: ", ") + (count > outcome.conflicts.count ? ", …" : "")
        let subject = count == 1 ? "1 loan's id is taken by a different loan (id \(ids))" : "\(count) loans' ids are taken by different loans (ids \(ids))"
        return subject + "; nothing was imported (--replace lets the document win, --renumber gives new ids)"
    }
}

/// `loans import`: the loans a document hands over, in one change, all or nothing. Importing the
/// same document twice changes nothing the second time: a loan identical to the stored one is
/// left alone (a no-op import records no change at all). Reading the document is not Core's
/// business: the caller gives a walk that hands over each loan, already checked against every
/// rule, and throws for the first problem, which rolls everything back.
public struct ImportLoans {
    let store: any LoanWriting
    let conflicts: ImportConflictRule
    let dryRun: Bool

    public init(store: any LoanWriting, conflicts: ImportConflictRule = .refuse, dryRun: Bool = false) {
        self.store = store
        self.conflicts = conflicts
        self.dryRun = dryRun
    }

    /// Imports every loan `loans` hands over; a dry run rolls back and reports what it would do.
    public func run(_ loans: (_ visit: (Loan) throws -> Void) throws -> Void) throws -> ImportOutcome {
        try withoutActuallyEscaping(loans) { loans in
            try runDocument({ visit in
                try loans(visit)
                return nil
            })
        }
    }

    /// Imports a document: `document` hands over each loan and then returns the identity of the
    /// store the document came from, if it names one; an import into an empty store takes that
    /// identity (so a move keeps calendar UIDs).
    public func runDocument(_ document: (_ visit: (Loan) throws -> Void) throws -> String?) throws -> ImportOutcome {
        do {
            return try store.change(.importDocument) { writer in
                var (outcome, identity) = try place(document, writer)
                if let identity, !dryRun { outcome.adoptedIdentity = try writer.adoptIdentity(identity) }
                if outcome.conflictCount > 0, conflicts == .refuse { throw ImportConflictError(outcome: outcome) }
                if dryRun { throw DryRun(outcome: outcome) }
                return outcome
            }
        } catch let finished as DryRun {
            return finished.outcome
        }
    }

    /// Places each loan; loans to renumber are kept until the document ends, so that a new id
    /// never takes the place of an id that comes later in the document.
    private func place(
        _ document: (_ visit: (Loan) throws -> Void) throws -> String?, _ writer: any LoanChangeWriter
    ) throws -> (ImportOutcome, String?) {
        var outcome = ImportOutcome()
        var renumbering: [Loan] = []
        let identity = try document { loan in
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
                    if stored == nil { try writer.insert(loan) } else { try writer.update(loan) }
                    outcome.replaced += 1
                case .renumber:
                    renumbering.append(loan)
                    outcome.renumbered += 1
                }
            }
        }
        for loan in renumbering { _ = try writer.insertNew(loan) }
        return (outcome, identity)
    }

    /// Ends a dry run: thrown to roll the change back, caught to report it.
    private struct DryRun: Error {
        let outcome: ImportOutcome
    }
}

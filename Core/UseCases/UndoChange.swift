/// What an undo or a redo did: the change it reverted or re-applied, with that change's loan
/// when it touched exactly one (for a one-line message), and the changes an undo skipped.
package struct UndoOutcome: Hashable, Sendable {
    package let change: Change
    package let delta: LoanDelta?
    package let skipped: [Change]
}

/// `loans undo`: reverts the newest change of this author that is not undone yet (an import
/// whole), as one change of its own. It is refused, changing nothing, when a loan it would touch
/// was changed since (by someone else: this author's own later changes are undone first);
/// `skippingBlocked` leaves such changes and undoes the next one that can be — and when every
/// one is blocked, says which blocks the newest rather than that there is nothing to undo.
package struct UndoChange {
    let store: any LoanWriting

    package init(store: any LoanWriting) {
        self.store = store
    }

    package func run(skippingBlocked: Bool = false) throws(LoanCommandError) -> UndoOutcome {
        try commanding {
            try store.change(.undo) { writer in
                var skipped: [Change] = []
                var newestBlocked: BlockedChange?
                while let target = try writer.newestUndoable(skipping: Set(skipped.map(\.id))) {
                    if let blocked = try Reverting.blocker(of: target, expecting: \.after, undo: true, writer) {
                        guard skippingBlocked else { throw LoanCommandError.blocked(blocked) }
                        newestBlocked = newestBlocked ?? blocked
                        skipped.append(target)
                        continue
                    }
                    let delta = try Reverting.apply(target, state: \.before, writer)
                    try writer.setUndone(target.id, true)
                    return UndoOutcome(change: target, delta: delta, skipped: skipped)
                }
                if let newestBlocked { throw LoanCommandError.everyChangeBlocked(newestBlocked, count: skipped.count) }
                throw LoanCommandError.nothingToUndo
            }
        }
    }
}

/// `loans redo`: re-applies the change this author undid last, as long as they made no new
/// change since; refused, changing nothing, when a loan it would touch was changed since.
package struct RedoChange {
    let store: any LoanWriting

    package init(store: any LoanWriting) {
        self.store = store
    }

    package func run() throws(LoanCommandError) -> UndoOutcome {
        try commanding {
            try store.change(.redo) { writer in
                guard let target = try writer.newestRedoable() else { throw LoanCommandError.nothingToRedo }
                if let blocked = try Reverting.blocker(of: target, expecting: \.before, undo: false, writer) {
                    throw LoanCommandError.blocked(blocked)
                }
                let delta = try Reverting.apply(target, state: \.after, writer)
                try writer.setUndone(target.id, false)
                return UndoOutcome(change: target, delta: delta, skipped: [])
            }
        }
    }
}

/// Puts the loans of a change back into one of their recorded states.
enum Reverting {
    /// What blocks reverting `change`: its first loan that no longer stands as the change left it
    /// (`expecting` names which side: after it for an undo, before it for a redo), with the
    /// newest change that touched that loan since; nil when every loan stands as expected.
    static func blocker(
        of change: Change, expecting side: KeyPath<LoanDelta, Loan?>, undo: Bool, _ writer: any LoanChangeWriter
    ) throws -> BlockedChange? {
        var found: (id: LoanID, title: String?)?
        try writer.deltas(of: change.id) { delta in
            guard found == nil else { return }
            let current = try writer.loan(delta.id)
            guard current != delta[keyPath: side] else { return }
            found = (delta.id, (current ?? delta.after ?? delta.before)?.title)
        }
        guard let found else { return nil }
        let blocker = try writer.newestChange(touching: found.id, after: change.id)
        return BlockedChange(isUndo: undo, change: change, loan: found.id, title: found.title, blocker: blocker)
    }

    /// Writes each loan of `change` as `state` says (inserting, updating or deleting it) and
    /// returns the change's only delta when it touched exactly one loan.
    static func apply(
        _ change: Change, state side: KeyPath<LoanDelta, Loan?>, _ writer: any LoanChangeWriter
    ) throws -> LoanDelta? {
        var only: LoanDelta?
        var count = 0
        try writer.deltas(of: change.id) { delta in
            count += 1
            only = count == 1 ? delta : nil
            switch (try writer.loan(delta.id), delta[keyPath: side]) {
            case (nil, let wanted?): try writer.insert(wanted)
            case (_?, let wanted?): try writer.update(wanted)
            case (_?, nil): try writer.delete(delta.id)
            case (nil, nil): break
            }
        }
        return only
    }
}

/// What an undo or a redo did: the change it reverted or re-applied, with that change's loan
/// when it touched exactly one, or its person when it touched one person and no loan (for a
/// one-line message), and the changes an undo skipped.
package struct UndoOutcome: Hashable, Sendable {
    package let change: Change
    package let delta: LoanDelta?
    package let person: PersonDelta?
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
                    if let blocked = try Reverting.blocker(of: target, expecting: .after, undo: true, writer) {
                        guard skippingBlocked else { throw LoanCommandError.blocked(blocked) }
                        newestBlocked = newestBlocked ?? blocked
                        skipped.append(target)
                        continue
                    }
                    let (delta, person) = try Reverting.apply(target, state: .before, writer)
                    try writer.setUndone(target.id, true)
                    return UndoOutcome(change: target, delta: delta, person: person, skipped: skipped)
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
                if let blocked = try Reverting.blocker(of: target, expecting: .before, undo: false, writer) {
                    throw LoanCommandError.blocked(blocked)
                }
                let (delta, person) = try Reverting.apply(target, state: .after, writer)
                try writer.setUndone(target.id, false)
                return UndoOutcome(change: target, delta: delta, person: person, skipped: [])
            }
        }
    }
}

/// Puts the loans and contacts of a change back into one of their recorded states.
enum Reverting {
    /// A side of a change: what its loans and contacts were before it, or after it.
    enum Side {
        case before, after

        func of(_ delta: LoanDelta) -> Loan? { self == .before ? delta.before : delta.after }
        func of(_ delta: PersonDelta) -> Person? { self == .before ? delta.before : delta.after }
    }

    /// What blocks reverting `change`: its first loan — else its first contact — that no longer
    /// stands as the change left it (`expecting` names which side: after it for an undo, before it
    /// for a redo), with the newest change that touched it since; nil when everything stands as
    /// expected.
    static func blocker(
        of change: Change, expecting side: Side, undo: Bool, _ writer: any LoanChangeWriter
    ) throws -> BlockedChange? {
        var found: (id: LoanID, title: String?)?
        try writer.deltas(of: change.id) { delta in
            guard found == nil else { return }
            let current = try writer.loan(delta.id)
            guard current != side.of(delta) else { return }
            found = (delta.id, (current ?? delta.after ?? delta.before)?.title)
        }
        if let found {
            let blocker = try writer.newestChange(touching: found.id, after: change.id)
            return BlockedChange(isUndo: undo, change: change, subject: .loan(found.id, title: found.title), blocker: blocker)
        }
        var person: (key: PersonKey, name: String)?
        try writer.personDeltas(of: change.id) { delta in
            guard person == nil else { return }
            let current = try writer.person(delta.key)
            guard current != side.of(delta) else { return }
            person = (delta.key, (current ?? delta.after ?? delta.before)?.name ?? delta.key.folded)
        }
        guard let person else { return nil }
        let blocker = try writer.newestChange(touching: person.key, after: change.id)
        return BlockedChange(isUndo: undo, change: change, subject: .person(person.name), blocker: blocker)
    }

    /// Writes each loan and contact of `change` as `state` says (storing, updating or deleting
    /// it) and returns the change's only loan when it touched exactly one, and its only contact
    /// when it touched exactly one.
    static func apply(
        _ change: Change, state side: Side, _ writer: any LoanChangeWriter
    ) throws -> (LoanDelta?, PersonDelta?) {
        var only: LoanDelta?
        var count = 0
        try writer.deltas(of: change.id) { delta in
            count += 1
            only = count == 1 ? delta : nil
            switch (try writer.loan(delta.id), side.of(delta)) {
            case (nil, let wanted?): try writer.insert(wanted)
            case (let current?, let wanted?): try writer.update(from: current, to: wanted)
            case (let current?, nil): try writer.delete(current)
            case (nil, nil): break
            }
        }
        var onlyPerson: PersonDelta?
        var people = 0
        try writer.personDeltas(of: change.id) { delta in
            people += 1
            onlyPerson = people == 1 ? delta : nil
            switch (try writer.person(delta.key), side.of(delta)) {
            case (let current, let wanted?): if current != wanted { try writer.setPerson(wanted) }
            case (_?, nil): try writer.removePerson(delta.key)
            case (nil, nil): break
            }
        }
        return (only, onlyPerson)
    }
}

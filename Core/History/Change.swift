/// A change's place in the history: changes are numbered in the order they were made.
package struct ChangeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: Int64

    package init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    package var description: String { String(rawValue) }

    package static func < (lhs: ChangeID, rhs: ChangeID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// What a change did, one kind per command that writes (the names are those of the commands).
package enum ChangeKind: String, Hashable, Sendable, CaseIterable {
    case add, edit, renew
    case returnLoan = "return"
    case reopen, remove
    case importDocument = "import"
    /// A contact set (`loans person NAME --email … | --no-email`).
    case person
    case undo, redo

    /// Undo and redo are recorded like any change, but are never themselves undone or redone.
    package var isUndoable: Bool { self != .undo && self != .redo }

    /// The write as a message names it: "the import", "the renewal".
    package var written: String {
        switch self {
        case .add: "the new loan"
        case .edit: "the edit"
        case .renew: "the renewal"
        case .returnLoan: "the return"
        case .reopen: "the reopening"
        case .remove: "the removal"
        case .importDocument: "the import"
        case .person: "the contact"
        case .undo: "the undo"
        case .redo: "the redo"
        }
    }
}

/// One loan's part in a change: the whole loan before and after it (nil when it did not exist
/// before, or no longer exists after).
package struct LoanDelta: Hashable, Sendable {
    package let id: LoanID
    package let before: Loan?
    package let after: Loan?

    package init(id: LoanID, before: Loan?, after: Loan?) {
        self.id = id
        self.before = before
        self.after = after
    }
}

/// A change as the history keeps it: when, who, what kind, how many loans; the loans' states
/// before and after are read separately (an import may hold a million of them), and so are the
/// contacts it set (`PersonDelta`).
package struct Change: Hashable, Sendable {
    package let id: ChangeID
    /// When it was made (UTC).
    package let at: UTCTimestamp
    /// Who made it: the OS user @ host (on a shared server also the database role).
    package let who: String
    package let kind: ChangeKind
    /// For an undo or a redo: the change it reverted or re-applied.
    package let target: ChangeID?
    /// Whether an undo reverted it (and no redo re-applied it since).
    package let isUndone: Bool
    /// How many loans it touched.
    package let loanCount: Int

    package init(
        id: ChangeID, at: UTCTimestamp, who: String, kind: ChangeKind, target: ChangeID?, isUndone: Bool, loanCount: Int
    ) {
        self.id = id
        self.at = at
        self.who = who
        self.kind = kind
        self.target = target
        self.isUndone = isUndone
        self.loanCount = loanCount
    }
}

/// Who writes, and the clock that stamps their changes: a store opened for writing records every
/// change as this author's, and undo and redo act on this author's changes only.
package struct Author {
    /// `alice@laptop` (on a shared server also the database role).
    package let name: String
    package let clock: any Clock

    package init(name: String, clock: any Clock) {
        self.name = name
        self.clock = clock
    }

    /// The instant a change is made now.
    package func stamp() -> UTCTimestamp {
        clock.now().utc
    }
}

/// One entry of the history as the fronts show it: the change; its loan, when it touched one (or
/// the asked loan's part in it); its contact, when it touched one contact and no loan; for an
/// undo or a redo, the change it reverted or re-applied.
package struct HistoryEntry: Hashable, Sendable {
    package let change: Change
    package let delta: LoanDelta?
    package let person: PersonDelta?
    package let target: Change?

    package init(change: Change, delta: LoanDelta?, person: PersonDelta? = nil, target: Change?) {
        self.change = change
        self.delta = delta
        self.person = person
        self.target = target
    }
}

/// `loans history [ID]`: changes newest first, all of them or those of one loan (also after it
/// was removed), read from one snapshot; none from a store that keeps no history.
package struct HistoryQuery {
    let store: any LoanReading

    package init(store: any LoanReading) {
        self.store = store
    }

    /// The entries, newest first, at most `limit`.
    package func entries(of loan: LoanID?, limit: Int?) throws -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        guard let history = store.history else { return entries }
        try store.snapshot {
            try history.history(of: loan, limit: limit) { change in
                var delta: LoanDelta?
                if loan != nil || change.loanCount == 1 {
                    try history.deltas(of: change.id, loan: loan) { delta = $0 }
                }
                // A change of no loan may be of one contact (a contact set, its undo or redo).
                var people: [PersonDelta] = []
                if loan == nil, change.loanCount == 0 {
                    try history.personDeltas(of: change.id) { if people.count < 2 { people.append($0) } }
                }
                let person = people.count == 1 ? people.first : nil
                entries.append(HistoryEntry(change: change, delta: delta, person: person, target: try change.target.flatMap(history.change)))
            }
        }
        return entries
    }

    /// Every change newest first (at most `limit`) — or, with `oldestFirst`, every change in the
    /// order a move replays them — each followed by its loans' states and then (unless only one
    /// loan's changes are asked for) its contacts', streamed from one snapshot for documents of
    /// any size.
    package func stream(
        of loan: LoanID?, limit: Int?, oldestFirst: Bool = false,
        change: (Change) throws -> Void, delta: (LoanDelta) throws -> Void, person: (PersonDelta) throws -> Void,
        end: () throws -> Void
    ) throws {
        guard let history = store.history else { return }
        try store.snapshot {
            let each = { (found: Change) throws in
                try change(found)
                try history.deltas(of: found.id, loan: loan, delta)
                if loan == nil { try history.personDeltas(of: found.id, person) }
                try end()
            }
            if oldestFirst { try history.historyOldestFirst(each) } else { try history.history(of: loan, limit: limit, each) }
        }
    }
}

/// How many loans name a counterparty spelled exactly one way: what a listing of people counts.
/// Spellings of one person (`alice`, `Alice`) come as separate tallies; Core puts them together
/// by their `PersonKey`.
package struct CounterpartyTally: Hashable, Sendable {
    /// The counterparty as the loans spell it.
    package let name: String
    /// Loans naming it, open or returned.
    package let loans: Int
    /// Open loans naming it.
    package let openLoans: Int

    package init(name: String, loans: Int, openLoans: Int) {
        self.name = name
        self.loans = loans
        self.openLoans = openLoans
    }
}

/// The read side of people: the contacts a store keeps and the counterparties its loans name
/// (what each change did to a contact is the history's: `HistoryReading`). Stores only store:
/// the keys are Core's (`PersonKey`), folded before they reach a store.
package protocol PeopleReading {
    /// Every person with a contact, by key.
    func people(_ visit: (Person) throws -> Void) throws

    /// The people with an address, by key: everyone mail can reach.
    func peopleWithAddress(_ visit: (Person) throws -> Void) throws

    /// The person whose name has this key, or nil when no contact is kept for it.
    func person(_ key: PersonKey) throws -> Person?

    /// Each spelling of a counterparty the loans use, with its loans counted, in no particular
    /// order. The default walks every loan, which is also the answer every store must give.
    func counterpartyTallies(_ visit: (CounterpartyTally) throws -> Void) throws
}

extension LoanReading {
    package func peopleWithAddress(_ visit: (Person) throws -> Void) throws {
        try people { person in
            if person.email != nil { try visit(person) }
        }
    }

    package func counterpartyTallies(_ visit: (CounterpartyTally) throws -> Void) throws {
        var tallies: [String: (loans: Int, open: Int)] = [:]
        try loans(.all) { loan in
            tallies[loan.counterparty, default: (0, 0)].loans += 1
            if loan.isOpen { tallies[loan.counterparty, default: (0, 0)].open += 1 }
        }
        for (name, tally) in tallies { try visit(CounterpartyTally(name: name, loans: tally.loans, openLoans: tally.open)) }
    }
}

/// The writes of one change to people, inside its transaction. Each records the contact before
/// (the first time the change touches it) and after (the last time) in the change.
package protocol PersonChangeWriter {
    /// The contact as it stands inside the transaction (held for this writer where the engine
    /// locks), or nil.
    func person(_ key: PersonKey) throws -> Person?

    /// Stores the contact of `person.key`, in place of the one stored, if any.
    func setPerson(_ person: Person) throws

    /// Deletes the contact of this key (its changes stay in the history).
    func removePerson(_ key: PersonKey) throws

    /// The people a change touched, with their contacts before and after.
    func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws

    /// The newest change after `change` that touched the person of `key`, by anyone.
    func newestChange(touching key: PersonKey, after change: ChangeID) throws -> Change?

    /// Takes one person's part in the change adopted last, as it stands in the store the history
    /// comes from (`LoanChangeWriter.adopt(_:)`).
    func adopt(_ delta: PersonDelta) throws
}

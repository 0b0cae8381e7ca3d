/// One person as a listing shows them: a contact, or a counterparty no contact is kept for, with
/// the loans that name them counted over every spelling of the name (`PersonKey`).
package struct PersonStanding: Hashable, Sendable {
    package let key: PersonKey
    /// The contact's name; for a counterparty without one, the spelling most of its loans use.
    package let name: String
    package let email: EmailAddress?
    /// Whether a contact is kept (else the person is only a counterparty of loans).
    package let isContact: Bool
    /// Loans naming the person, open or returned.
    package let loans: Int
    /// Open loans naming the person.
    package let openLoans: Int
}

/// `loans people` and `loans person NAME`: everyone you deal with — every contact, and every
/// counterparty of a loan, open or returned — once each as names are compared, in the order of
/// their keys, read from one snapshot. A store keeps few contacts; the loans are counted by the
/// store, a tally per spelling, so the answer holds one entry per person, not per loan.
package struct PeopleQuery {
    let store: any LoanReading

    package init(store: any LoanReading) {
        self.store = store
    }

    /// Everyone, by key.
    package func everyone() throws -> [PersonStanding] {
        try store.snapshot { try standings(only: nil) }.sorted { $0.key < $1.key }
    }

    /// The person this name names: their contact, or the loans that name them; nil when neither
    /// exists.
    package func find(_ name: String) throws -> PersonStanding? {
        let key = PersonKey(name)
        return try store.snapshot { try standings(only: key) }.first
    }

    /// How many loans `names(scanning:)` reads for the shells' completions and the TUI's person
    /// fields: enough for any household, bounded for any store.
    package static let nameScan = 20_000

    /// The names a user has typed already, for completion: every contact's name and the
    /// counterparties of the first `scanning` loans by id (the bound keeps a keystroke's cost
    /// flat), each person once — the contact's spelling, else the one most of those loans use —
    /// sorted.
    package func names(scanning limit: Int) throws -> [String] {
        var names: [PersonKey: String] = [:]
        var spellings: [String: Int] = [:]
        struct Enough: Error {}
        try store.snapshot {
            try store.people { names[$0.key] = $0.name }
            var seen = 0
            do {
                try store.loans(.all) { loan in
                    guard seen < limit else { throw Enough() }
                    seen += 1
                    spellings[loan.counterparty, default: 0] += 1
                }
            } catch is Enough {}
        }
        var counted: [PersonKey: Counted] = [:]
        for (name, loans) in spellings {
            counted[PersonKey(name), default: Counted()].add(CounterpartyTally(name: name, loans: loans, openLoans: 0))
        }
        for (key, count) in counted where names[key] == nil { names[key] = count.spelling }
        return names.values.sorted()
    }

    /// The standing of everyone (or of the person of `only`), in no order.
    private func standings(only: PersonKey?) throws -> [PersonStanding] {
        var contacts: [PersonKey: Person] = [:]
        if let only {
            contacts[only] = try store.person(only)
        } else {
            try store.people { contacts[$0.key] = $0 }
        }
        var counted: [PersonKey: Counted] = [:]
        try store.counterpartyTallies { tally in
            let key = PersonKey(tally.name)
            guard only == nil || key == only else { return }
            counted[key, default: Counted()].add(tally)
        }
        var standings: [PersonStanding] = []
        for key in Set(contacts.keys).union(counted.keys) {
            let contact = contacts[key]
            let count = counted[key] ?? Counted()
            standings.append(PersonStanding(
                key: key, name: contact?.name ?? count.spelling, email: contact?.email, isContact: contact != nil,
                loans: count.loans, openLoans: count.openLoans
            ))
        }
        return standings
    }

    /// The tallies of one person's spellings, added up.
    private struct Counted {
        var loans = 0
        var openLoans = 0
        /// The spelling of the most loans (on a tie, the first in UTF-8 order).
        var spelling = ""
        private var spellingLoans = 0

        mutating func add(_ tally: CounterpartyTally) {
            loans += tally.loans
            openLoans += tally.openLoans
            if tally.loans > spellingLoans
                || (tally.loans == spellingLoans && tally.name.utf8.lexicographicallyPrecedes(spelling.utf8)) {
                spelling = tally.name
                spellingLoans = tally.loans
            }
        }
    }
}

extension AgendaQuery {
    /// The contacts of the agenda's store, by key: what a document of every loan carries beside
    /// them, read in the snapshot the loans are read in (`stream`'s opening).
    package func people(_ visit: (Person) throws -> Void) throws {
        try store.people(visit)
    }
}

import LoansCore
import Testing

/// A check of the store contract's read side of people: each is handed a way to make the store
/// under test holding some loans and some contacts.
package struct PeopleCheck: Sendable, CustomTestStringConvertible {
    /// Makes a fresh store holding exactly these loans (ids kept) and contacts.
    package typealias MakeStore = ([Loan], [Person]) throws -> any LoanReading

    package let name: String
    let body: @Sendable (MakeStore) throws -> Void

    package var testDescription: String { name }

    package func run(_ make: MakeStore) throws {
        try body(make)
    }
}

/// Every store keeps contacts alike: listed by key (the folded name, in UTF-8 order), those with
/// an address apart (whom mail can reach), one found by any spelling of its name, and the
/// counterparties of its loans tallied per spelling, so that `loans people` counts everyone alike.
extension StoreContract {
    package static let peopleChecks: [PeopleCheck] = [
        PeopleCheck(name: "contacts are listed by key and found by any spelling", body: listsAndFindsContacts),
        PeopleCheck(name: "everyone is counted alike: contacts and counterparties, every spelling once", body: countsEveryone),
    ]

    static func email(_ text: String) -> EmailAddress {
        guard let address = try? EmailAddress(parsing: text) else { fatalError("bad test address \(text)") }
        return address
    }

    /// Contacts whose keys sort otherwise than their names: `Émile` after `Zoë` (its folded first
    /// byte is 0xC3), `bob` before `Carol` whatever the letter case.
    static let contacts = [
        Person(name: "Émile", email: email("emile@example.fr")), Person(name: "Zoë"), Person(name: "bob", email: email("bob@example.org")),
        Person(name: "Carol", email: email("carol+loans@example.org")),
    ]

    static func names(_ body: ((Person) throws -> Void) throws -> Void) rethrows -> [String] {
        var names: [String] = []
        try body { names.append($0.name) }
        return names
    }

    static func listsAndFindsContacts(_ make: PeopleCheck.MakeStore) throws {
        let store = try make(Sample.loans, contacts)
        #expect(try names { try store.people($0) } == ["bob", "Carol", "Zoë", "Émile"])
        #expect(try names { try store.peopleWithAddress($0) } == ["bob", "Carol", "Émile"])
        #expect(try store.person(PersonKey("ÉMILE")) == contacts[0])
        #expect(try store.person(PersonKey("  BOB ")) == contacts[2], "a name is trimmed before it is folded")
        #expect(try store.person(PersonKey("zoe\u{308}")) == contacts[1], "a decomposed ë is the same name")
        #expect(try store.person(PersonKey("Dave")) == nil)
        #expect(try make([], []).person(PersonKey("bob")) == nil)
        #expect(try names { try make([], []).people($0) } == [])
    }

    static func countsEveryone(_ make: PeopleCheck.MakeStore) throws {
        func lent(_ id: Int64, to party: String, returned: Bool = false) -> Loan {
            var loan = Sample.loan(id, due: 1, returned: returned ? 0 : nil)
            loan.counterparty = party
            return loan
        }
        let loans = [
            lent(1, to: "Alice"), lent(2, to: "alice"), lent(3, to: "ALICE", returned: true), lent(4, to: "alice"),
            lent(5, to: "Bob", returned: true), lent(6, to: "City Library"), lent(7, to: "Zoë"),
        ]
        let store = try make(loans, contacts)
        var tallies: [CounterpartyTally] = []
        try store.counterpartyTallies { tallies.append($0) }
        #expect(Set(tallies) == [
            CounterpartyTally(name: "Alice", loans: 1, openLoans: 1), CounterpartyTally(name: "alice", loans: 2, openLoans: 2),
            CounterpartyTally(name: "ALICE", loans: 1, openLoans: 0), CounterpartyTally(name: "Bob", loans: 1, openLoans: 0),
            CounterpartyTally(name: "City Library", loans: 1, openLoans: 1), CounterpartyTally(name: "Zoë", loans: 1, openLoans: 1),
        ])
        let everyone = try PeopleQuery(store: store).everyone()
        #expect(everyone.map(\.name) == ["alice", "bob", "Carol", "City Library", "Zoë", "Émile"], "the most used spelling, else the contact's")
        #expect(everyone.map(\.openLoans) == [3, 0, 0, 1, 1, 0])
        #expect(everyone.map(\.loans) == [4, 1, 0, 1, 1, 0])
        #expect(everyone.map(\.isContact) == [false, true, true, false, true, true])
        #expect(everyone.map { $0.email?.text } == [nil, "bob@example.org", "carol+loans@example.org", nil, nil, "emile@example.fr"])
        #expect(try PeopleQuery(store: store).find("aLiCe")?.openLoans == 3)
        #expect(try PeopleQuery(store: store).find("Carol")?.isContact == true)
        #expect(try PeopleQuery(store: store).find("Nobody") == nil)
        #expect(try PeopleQuery(store: store).names(scanning: 100) == ["alice", "bob", "Carol", "City Library", "Zoë", "Émile"].sorted())
        #expect(try PeopleQuery(store: store).names(scanning: 1) == ["Alice", "bob", "Carol", "Zoë", "Émile"].sorted(), "the bound counts loans")
    }
}

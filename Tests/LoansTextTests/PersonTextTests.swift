import LoansCore
import LoansTestSupport
import LoansText
import Testing

/// The words for people: what `loans person` set and shows, the table of `loans people`, a
/// contact's change in the history and in undo's message, an import's contacts — every name made
/// safe for a terminal.
@Suite struct PersonTextTests {
    static let address = try! EmailAddress(parsing: "alice@example.org")
    static let alice = Person(name: "Alice", email: address)
    static let evil = Person(name: "Ev\u{1B}[2J\u{202E}il")

    func change(_ id: Int64, _ kind: ChangeKind, loans: Int = 0, target: Int64? = nil) -> Change {
        Change(id: ChangeID(id), at: HistoryTextTests.noon, who: "me@here", kind: kind, target: target.map(ChangeID.init), isUndone: false, loanCount: loans)
    }

    @Test func whatWasSetInOneLine() {
        #expect(PersonText.set(PersonOutcome(before: nil, after: Self.alice)) == "Added Alice: alice@example.org.")
        #expect(PersonText.set(PersonOutcome(before: nil, after: Self.evil)) == "Added Ev [2J il: no address.")
        #expect(PersonText.set(PersonOutcome(before: Self.alice, after: Self.alice)) == "Unchanged: Alice: alice@example.org.")
        #expect(PersonText.set(PersonOutcome(before: Self.alice, after: Person(name: "Alice"))) == "Set Alice: no address (was alice@example.org).")
        #expect(PersonText.set(PersonOutcome(before: Person(name: "alice"), after: Self.alice)) == "Set Alice: alice@example.org (was alice: no address).")
    }

    @Test func theHistorySaysWhatAContactChangeDid() {
        let key = PersonKey("alice")
        let moved = Person(name: "Alice", email: try! EmailAddress(parsing: "alice@new.example"))
        #expect(PersonText.what(PersonDelta(key: key, before: nil, after: Self.alice)) == "contact added: alice@example.org")
        #expect(PersonText.what(PersonDelta(key: key, before: nil, after: Person(name: "Alice"))) == "contact added: no address")
        #expect(PersonText.what(PersonDelta(key: key, before: Self.alice, after: moved)) == "address now alice@new.example (was alice@example.org)")
        #expect(PersonText.what(PersonDelta(key: key, before: Person(name: "Alice"), after: Self.alice)) == "address set to alice@example.org")
        #expect(PersonText.what(PersonDelta(key: key, before: Self.alice, after: Person(name: "ALICE"))) == "name now ALICE (was Alice); address removed (was alice@example.org)")
        #expect(PersonText.what(PersonDelta(key: key, before: Self.alice, after: nil)) == "contact removed")
        let entries = [
            HistoryEntry(change: change(7, .undo, target: 6), delta: nil, person: PersonDelta(key: key, before: moved, after: Self.alice), target: change(6, .person)),
            HistoryEntry(change: change(6, .person), delta: nil, person: PersonDelta(key: key, before: Self.alice, after: moved), target: nil),
            HistoryEntry(change: change(5, .person), delta: nil, person: PersonDelta(key: PersonKey(Self.evil.name), before: nil, after: Self.evil), target: nil),
        ]
        #expect(HistoryText.lines(entries, of: nil, author: "me@here", wallTime: ErrorText.utc) == [
            "2026-11-30 12:00  change 7    Alice      undid set contact (change 6)",
            "2026-11-30 12:00  change 6    Alice      address now alice@new.example (was alice@example.org)",
            "2026-11-30 12:00  change 5    Ev [2J il  contact added: no address",
        ])
    }

    @Test func undoSaysWhatTheContactIsAgain() throws {
        let store = MemoryStore()
        _ = try SetPerson(store: store).run("Alice", email: Self.address)
        let undone = try UndoChange(store: store).run()
        #expect(UndoText.undid(undone) == "Undid: set contact Alice — the contact is gone again")
        #expect(UndoText.redid(try RedoChange(store: store).run()) == "Redid: set contact Alice — Alice: alice@example.org again")
        _ = try SetPerson(store: store).run(Self.evil.name, email: nil)
        _ = try SetPerson(store: store).run("ALICE", email: nil)
        store.author = "bob@desk"
        _ = try SetPerson(store: store).run("alice", email: Self.address)
        store.author = "tester@test"
        let skipping = try UndoChange(store: store).run(skippingBlocked: true)
        #expect(UndoText.undid(skipping) == "Undid: set contact Ev [2J il — the contact is gone again (left change 5, set contact: its contact was changed since)")
        _ = try ImportLoans(store: store).run(document: { visitor in
            try visitor.person(Person(name: "Zed"))
            return nil
        })
        #expect(UndoText.undid(try UndoChange(store: store).run()) == "Undid: imported — the import is reverted")
    }

    @Test func everyoneInATable() throws {
        var loans = [Sample.loan(1, due: 1), Sample.loan(2, due: 2), Sample.loan(3, due: 3, returned: 0)]
        loans[0].counterparty = "City Library"
        loans[1].counterparty = "city library"
        loans[2].counterparty = "Dad"
        let store = MemoryStore(loans: loans, people: [Self.alice, Self.evil])
        #expect(PersonText.table(try PeopleQuery(store: store).everyone()) == [
            "Alice         alice@example.org  0 open loans",
            "City Library  no address         2 open loans",
            "Dad           no address         0 open loans",
            "Ev [2J il     no address         0 open loans",
        ])
        #expect(PersonText.table([]) == ["No people yet."])
        #expect(PersonText.detail(try #require(try PeopleQuery(store: store).find("CITY LIBRARY"))) == [
            "Name:        City Library", "E-mail:      none", "Contact:     none (only named by loans)", "Open loans:  2 (2 in all)",
        ])
    }

    @Test func anImportSaysWhatBecameOfItsContacts() {
        var outcome = ImportOutcome()
        outcome.added = 2
        outcome.peopleAdded = 1
        outcome.peopleUpdated = 1
        outcome.peopleUnchanged = 3
        #expect(ImportText.outcome(outcome, dryRun: false) == "Imported 2 loans. Contacts: 1 new, 1 updated; 3 unchanged.")
        #expect(ImportText.outcome(outcome, dryRun: true) == "Would import 2 loans. Contacts it would write: 1 new, 1 updated; 3 unchanged.")
        var contactsOnly = ImportOutcome()
        contactsOnly.peopleUnchanged = 2
        #expect(ImportText.outcome(contactsOnly, dryRun: false) == "Contacts: 2 unchanged.")
        var none = ImportOutcome()
        none.unchanged = 1
        #expect(ImportText.outcome(none, dryRun: false) == "Nothing imported: 1 loan unchanged.", "a document without contacts reads as before")
        none.peopleAdded = 1
        #expect(ImportText.outcome(none, dryRun: false) == "1 loan unchanged. Contacts: 1 new.")
        var moved = ImportOutcome()
        moved.adoptedChanges = 3
        moved.added = 1
        moved.peopleAdded = 1
        #expect(ImportText.outcome(moved, dryRun: false) == "Imported 1 loan and their history (3 changes). Contacts: 1 new.")
    }
}

import LoansCore
import Testing

/// The write side of people, on every store that writes: a contact set is one change that
/// records the contact before and after it, undone and redone by its author like any change and
/// refused when someone changed the contact since; an import keeps a document's contacts by the
/// same rules as its loans, and a move keeps the contacts' history.
extension ChangeContract {
    static let peopleChecks: [ChangeCheck] = [
        ChangeCheck(name: "a contact set is one change with the contact before and after", body: recordsEachContact),
        ChangeCheck(name: "a contact is undone and redone like a loan", body: undoesAndRedoesContacts),
        ChangeCheck(name: "undoing a contact is per author and refused when someone changed it since", body: contactUndoIsPerAuthor),
        ChangeCheck(name: "an import keeps contacts: idempotent, the document wins, undone whole, dry run", body: importsContacts),
        ChangeCheck(name: "a move into an empty store keeps the contacts and their history", body: movesContacts),
    ]

    static let alice = Person(name: "Alice", email: StoreContract.email("alice@example.org"))

    static func personDeltas(_ store: any HistoryReading, _ change: Change) throws -> [PersonDelta] {
        var deltas: [PersonDelta] = []
        try store.personDeltas(of: change.id) { deltas.append($0) }
        return deltas
    }

    static func people(_ store: any LoanReading) throws -> [Person] {
        var people: [Person] = []
        try store.people { people.append($0) }
        return people
    }

    static func recordsEachContact(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let set = SetPerson(store: store)
        let added = try set.run("  Alice ", email: alice.email)
        #expect(added == PersonOutcome(before: nil, after: alice), "the name is trimmed")
        let moved = StoreContract.email("alice@new.example")
        #expect(try set.run("ALICE", email: alice.email).after.name == "ALICE", "the name as given this time")
        let respelled = Person(name: "ALICE", email: alice.email)
        _ = try set.run("Alice", email: moved)
        _ = try set.run("alice", email: nil)
        #expect(try set.run("alice", email: nil) == PersonOutcome(before: Person(name: "alice"), after: Person(name: "alice")))
        let history = try store.history(of: nil, limit: nil)
        #expect(history.map(\.kind) == [.person, .person, .person, .person], "setting what is kept records nothing")
        #expect(history.allSatisfy { $0.loanCount == 0 && $0.who == open.who("alice@home") })
        let key = PersonKey("alice")
        #expect(try personDeltas(store, history[3]) == [PersonDelta(key: key, before: nil, after: alice)])
        #expect(try personDeltas(store, history[2]) == [PersonDelta(key: key, before: alice, after: respelled)])
        #expect(try personDeltas(store, history[1]) == [PersonDelta(key: key, before: respelled, after: Person(name: "Alice", email: moved))])
        #expect(try personDeltas(store, history[0]) == [PersonDelta(key: key, before: Person(name: "Alice", email: moved), after: Person(name: "alice"))])
        #expect(try deltas(store, history[0]).isEmpty && store.history(of: LoanID(1), limit: nil).isEmpty, "a contact is no loan")
        #expect(try people(store) == [Person(name: "alice")])
        #expect(throws: LoanCommandError.invalid(.empty(.name))) { try set.run("  ", email: nil) }
    }

    static func undoesAndRedoesContacts(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("Tent"))
        _ = try SetPerson(store: store).run("Alice", email: alice.email)
        _ = try SetPerson(store: store).run("alice", email: nil)
        let undo = UndoChange(store: store)
        let first = try undo.run()
        #expect(first.change.kind == .person && first.delta == nil && first.person?.before == alice)
        #expect(try people(store) == [alice])
        #expect(try undo.run().person == PersonDelta(key: PersonKey("alice"), before: nil, after: alice))
        #expect(try people(store).isEmpty && store.person(PersonKey("Alice")) == nil)
        #expect(try undo.run().change.kind == .add)
        #expect(try store.loan(id) == nil)
        let redo = RedoChange(store: store)
        #expect(try redo.run().change.kind == .add)
        #expect(try redo.run().change.kind == .person && people(store) == [alice])
        #expect(try redo.run().change.kind == .person && people(store) == [Person(name: "alice")])
        #expect(throws: LoanCommandError.nothingToRedo) { try redo.run() }
        _ = try undo.run()
        _ = try SetPerson(store: store).run("Bob", email: nil)
        #expect(throws: LoanCommandError.nothingToRedo, "a new contact ends the redo") { try redo.run() }
    }

    static func contactUndoIsPerAuthor(_ open: ChangeCheck.Writers) throws {
        let alice = try open("alice@home")
        _ = try SetPerson(store: alice).run("Sam", email: nil)
        _ = try SetPerson(store: alice).run("Kim", email: nil)
        let bob = try open("bob@desk")
        #expect(throws: LoanCommandError.nothingToUndo) { try UndoChange(store: bob).run() }
        _ = try SetPerson(store: bob).run("KIM", email: StoreContract.email("kim@example.org"))
        let alice2 = try open("alice@home")
        let refused = #expect(throws: LoanCommandError.self) { try UndoChange(store: alice2).run() }
        guard case .blocked(let blocked) = refused, let blocker = blocked.blocker else {
            Issue.record("expected a blocked undo, got \(String(describing: refused))")
            return
        }
        #expect(blocked.isUndo && blocked.change.kind == .person && blocked.subject == .person("KIM"))
        #expect(blocker.who == open.who("bob@desk") && blocker.kind == .person)
        let skipped = try UndoChange(store: alice2).run(skippingBlocked: true)
        #expect(skipped.person?.key == PersonKey("sam") && skipped.skipped.map(\.id) == [blocked.change.id])
        #expect(try people(alice2) == [Person(name: "KIM", email: StoreContract.email("kim@example.org"))])
        #expect(throws: LoanCommandError.everyChangeBlocked(blocked, count: 1)) { try UndoChange(store: alice2).run(skippingBlocked: true) }
    }

    static func importsContacts(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        _ = try SetPerson(store: store).run("Bob", email: nil)
        let document = [alice, Person(name: "bob", email: StoreContract.email("bob@example.org")), Person(name: "Carol")]
        func run(dryRun: Bool = false, _ people: [Person], loans: [Loan] = []) throws -> ImportOutcome {
            try ImportLoans(store: store, dryRun: dryRun).run { visitor in
                for person in people { try visitor.person(person) }
                for loan in loans { try visitor.loan(loan) }
                return nil
            }
        }
        let trial = try run(dryRun: true, document)
        #expect(trial.peopleAdded == 2 && trial.peopleUpdated == 1 && trial.peopleUnchanged == 0)
        #expect(try people(store) == [Person(name: "Bob")], "a dry run writes nothing")
        let first = try run(document, loans: [Sample.loan(7, due: 1)])
        #expect(first.peopleAdded == 2 && first.peopleUpdated == 1 && first.added == 1)
        #expect(try people(store) == [alice, document[1], document[2]], "the document's contact wins")
        let change = try #require(try store.history(of: nil, limit: 1).first)
        #expect(change.kind == .importDocument && change.loanCount == 1)
        #expect(try personDeltas(store, change).map(\.key) == [PersonKey("alice"), PersonKey("bob"), PersonKey("carol")])
        let again = try run(document, loans: [Sample.loan(7, due: 1)])
        #expect(again.peopleUnchanged == 3 && again.peopleAdded == 0 && again.peopleUpdated == 0 && again.unchanged == 1)
        #expect(try store.history(of: nil, limit: 1).first == change, "importing the same document twice changes nothing the second time")
        #expect(try UndoChange(store: store).run().change.id == change.id)
        #expect(try people(store) == [Person(name: "Bob")] && all(store).isEmpty, "the import is undone whole, contacts too")
        _ = try RedoChange(store: store).run()
        #expect(try people(store) == [alice, document[1], document[2]])
    }

    static func movesContacts(_ open: ChangeCheck.Writers) throws {
        let source = MemoryStore()
        source.author = open.who("alice@home")
        _ = try AddLoan(store: source).run(draft("Tent"))
        _ = try SetPerson(store: source).run("Alice", email: alice.email)
        _ = try SetPerson(store: source).run("Alice", email: nil)
        source.author = open.who("bob@desk")
        _ = try SetPerson(store: source).run("Bob", email: nil)
        _ = try UndoChange(store: source).run()
        let store = try open("alice@home")
        let moved = try ImportLoans(store: store).run(document: { visitor in
            try source.historyOldestFirst { change in
                try visitor.change(change)
                try source.deltas(of: change.id, loan: nil) { try visitor.delta($0) }
                try source.personDeltas(of: change.id) { try visitor.personDelta($0) }
            }
            try source.people { try visitor.person($0) }
            try source.loans(.all) { try visitor.loan($0) }
            return nil
        })
        #expect(moved.adoptedChanges == 5 && moved.peopleAdded == 1 && moved.added == 1)
        #expect(try people(store) == [Person(name: "Alice")])
        let history = try store.history(of: nil, limit: nil)
        #expect(history == (try source.history(of: nil, limit: nil)))
        for change in history { #expect(try personDeltas(store, change) == personDeltas(source, change), "the contacts of change \(change.id)") }
        let undone = try UndoChange(store: store).run()
        #expect(undone.change.kind == .person && undone.person?.before == alice, "alice's newest change, as in the store it came from")
        #expect(try people(store) == [alice])
        let bob = try open("bob@desk")
        #expect(try RedoChange(store: bob).run().person?.after == Person(name: "Bob"), "bob's undone contact can be redone")
        let again = try ImportLoans(store: store).run(document: { visitor in
            try source.people { try visitor.person($0) }
            return nil
        })
        #expect(again.peopleUpdated == 1, "into a store that is not empty, the document's contact wins")
    }
}

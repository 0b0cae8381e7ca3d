import LoansCore
import Testing

/// A move between stores keeps the history: a document that carries one, imported into an empty
/// store, is adopted as it stands, and history, undo and redo go on there as in the store it came
/// from; into a store that is not empty it is left aside. The history comes from a memory store
/// whose authors are named as the store under test names them, so undo can find them.
extension ChangeContract {
    static func adoptsHistoryWhenEmpty(_ open: ChangeCheck.Writers) throws {
        let source = try movingHousehold(open)
        let store = try open("alice@home")
        let moved = try ImportLoans(store: store).run(document: { try move(source, into: $0) })
        #expect(moved.adoptedChanges == 7 && moved.ignoredChanges == 0 && moved.added == 2 && moved.adoptedIdentity)
        #expect(try store.databaseIdentity() == "feedfacefeedfacefeedfacefeedface")
        #expect(try all(store) == all(source))
        let history = try store.history(of: nil, limit: nil)
        #expect(history == (try source.history(of: nil, limit: nil)), "ids, instants, who, kinds, targets, undone, loan counts")
        for change in history { #expect(try deltas(store, change) == deltas(source, change), "the loans of change \(change.id)") }
        #expect(try store.history(of: LoanID(3), limit: nil).map(\.kind) == [.remove, .add], "a removed loan keeps its changes")

        let again = try ImportLoans(store: store).run(document: { try move(source, into: $0) })
        #expect(again.adoptedChanges == 0 && again.ignoredChanges == 7 && again.unchanged == 2 && again.added == 0)
        #expect(try store.history(of: nil, limit: nil) == history, "a second move into the now full store changes nothing")

        // Undo and redo take up where the old store left them: alice's undone renewal can be redone.
        let redone = try RedoChange(store: store).run()
        #expect(redone.change.kind == .renew && redone.change.id == history[3].id)
        #expect(try UndoChange(store: store).run().change.kind == .renew)
        #expect(try UndoChange(store: store).run().change.kind == .returnLoan, "bob's changes are his")
        let bob = try open("bob@desk")
        #expect(try UndoChange(store: bob).run().change.kind == .remove)
        #expect(try AddLoan(store: store).run(draft("Next")) == LoanID(4), "id 3 was used by the moved history")
        #expect(try store.history(of: nil, limit: 1).first?.id == ChangeID(history[0].id.rawValue + 5), "change ids go on")
    }

    static func leavesHistoryAsideWhenNotEmpty(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let own = try AddLoan(store: store).run(draft("Own"))
        let source = try movingHousehold(open)
        let outcome = try ImportLoans(store: store, conflicts: .renumber).run(document: { try move(source, into: $0) })
        #expect(outcome.adoptedChanges == 0 && outcome.ignoredChanges == 7 && outcome.renumbered == 1 && outcome.added == 1)
        #expect(!outcome.adoptedIdentity)
        let history = try store.history(of: nil, limit: nil)
        #expect(history.map(\.kind) == [.importDocument, .add] && history[0].loanCount == 2)
        #expect(try UndoChange(store: store).run().change.kind == .importDocument)
        #expect(try all(store).map(\.id) == [own])
    }

    /// Alice and Bob's history in a memory store: adds, a return, a renewal alice undid, a loan
    /// bob added and removed (ids 1–3, changes 1–7).
    private static func movingHousehold(_ open: ChangeCheck.Writers) throws -> MemoryStore {
        let source = MemoryStore()
        source.author = open.who("alice@home")
        let hobbit = try AddLoan(store: source).run(draft("The Hobbit"))
        let tent = try AddLoan(store: source).run(draft("Tent", due: 5))
        _ = try ReturnLoan(store: source).run(hobbit, on: today, today: today)
        _ = try RenewLoan(store: source).run(tent, to: .date(Sample.day(9)))
        _ = try UndoChange(store: source).run()
        source.author = open.who("bob@desk")
        let drill = try AddLoan(store: source).run(draft("Drill"))
        try RemoveLoan(store: source).run(drill)
        return source
    }

    /// Hands `source`'s history (oldest first, each change with its loans) and then its loans to
    /// an import, as `json all --history` lays them out.
    private static func move(_ source: MemoryStore, into visitor: any LoanDocumentVisitor) throws -> String? {
        try source.historyOldestFirst { change in
            try visitor.change(change)
            try source.deltas(of: change.id, loan: nil) { try visitor.delta($0) }
        }
        try source.loans(.all) { try visitor.loan($0) }
        return "feedfacefeedfacefeedfacefeedface"
    }
}

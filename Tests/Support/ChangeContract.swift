import LoansCore
import Testing

/// The write side of the store contract: every write one change in the history, undo and redo
/// per author, ids never given twice. Each check gets a way to open writers on ONE fresh store
/// as any author (two authors share a household's database).
package struct ChangeCheck: Sendable, CustomTestStringConvertible {
    /// Opens a writer on the check's store, recording changes as `author`.
    package typealias OpenWriter = (_ author: String) throws -> any LoanWriting

    /// Writers on the check's store, and the who it records for an author (a server adds the
    /// database role).
    package struct Writers {
        let open: OpenWriter
        let who: (_ author: String) -> String

        func callAsFunction(_ author: String) throws -> any LoanWriting {
            try open(author)
        }
    }

    package let name: String
    let body: @Sendable (Writers) throws -> Void

    package var testDescription: String { name }

    /// Runs the check on writers `open` makes, whose changes name their author as `who` says.
    package func run(_ open: OpenWriter, who: @escaping (_ author: String) -> String = { $0 }) throws {
        try withoutActuallyEscaping(open) { open in try body(Writers(open: open, who: who)) }
    }
}

/// Every store's write side, held to the same rules.
package enum ChangeContract {
    package static let checks: [ChangeCheck] = [
        ChangeCheck(name: "each write is one change with every field before and after", body: recordsEachWrite),
        ChangeCheck(name: "a write that changes nothing records nothing and tells no one", body: recordsNothingForNothing),
        ChangeCheck(name: "an update or a delete records the state before it was given, read no second time", body: recordsTheGivenBefore),
        ChangeCheck(name: "undo walks back and redo forward", body: undoesAndRedoes),
        ChangeCheck(name: "a new change ends the redo", body: aNewChangeEndsRedo),
        ChangeCheck(name: "undo is per author and refused when someone changed the loan since", body: undoIsPerAuthor),
        ChangeCheck(name: "an import is undone whole", body: anImportIsUndoneWhole),
        ChangeCheck(name: "ids are never given twice; the largest taken, free ids below it", body: idsAreNeverGivenTwice),
        ChangeCheck(name: "imports: idempotent, conflicts refused, replaced, renumbered, dry run", body: importsByTheRules),
        property,
        ChangeCheck(name: "an import into an empty store takes the document's identity", body: adoptsIdentityWhenEmpty),
        ChangeCheck(name: "an import into an empty store takes the document's history as it stands", body: adoptsHistoryWhenEmpty),
        ChangeCheck(name: "an import into a store that is not empty leaves the history aside", body: leavesHistoryAsideWhenNotEmpty),
    ] + peopleChecks

    static let today = Sample.today

    static func draft(_ title: String, due: Int = 3) -> LoanDraft {
        LoanDraft(title: title, direction: .lent, counterparty: "Alice", lentOn: Sample.day(-10), dueOn: Sample.day(due))
    }

    static func all(_ store: any LoanReading) throws -> [Loan] {
        var loans: [Loan] = []
        try store.loans(.all) { loans.append($0) }
        return loans
    }

    static func deltas(_ store: any HistoryReading, _ change: Change) throws -> [LoanDelta] {
        var deltas: [LoanDelta] = []
        try store.deltas(of: change.id, loan: nil) { deltas.append($0) }
        return deltas
    }

    static func recordsEachWrite(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("The Hobbit"))
        let added = try #require(try store.loan(id))
        let renewed = try RenewLoan(store: store).run(id, to: .date(Sample.day(9)))
        let returned = try ReturnLoan(store: store).run(id, on: today, today: today)
        try RemoveLoan(store: store).run(id)
        let history = try store.history(of: nil, limit: nil)
        #expect(history.map(\.kind) == [.remove, .returnLoan, .renew, .add])
        #expect(history.allSatisfy { $0.who == open.who("alice@home") && $0.loanCount == 1 && !$0.isUndone && $0.target == nil })
        #expect(history.map(\.id) == history.map(\.id).sorted(by: >))
        #expect(try deltas(store, history[3]) == [LoanDelta(id: id, before: nil, after: added)])
        #expect(try deltas(store, history[2]) == [LoanDelta(id: id, before: added, after: renewed)])
        #expect(try deltas(store, history[1]) == [LoanDelta(id: id, before: renewed, after: returned)])
        #expect(try deltas(store, history[0]) == [LoanDelta(id: id, before: returned, after: nil)])
        #expect(try store.history(of: id, limit: 2).map(\.kind) == [.remove, .returnLoan])
        #expect(try store.history(of: LoanID(id.rawValue + 1), limit: nil).isEmpty)
        #expect(try store.change(history[1].id) == history[1])
    }

    static func recordsNothingForNothing(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        var commits = 0
        store.onCommit { commits += 1 }
        let id = try AddLoan(store: store).run(draft("Dune"))
        #expect(commits == 1, "a change that wrote is told after its commit")
        var edit = LoanEdit()
        edit.title = "Dune"
        _ = try EditLoan(store: store).run(id, edit)
        let document = try all(store)
        #expect(try ImportLoans(store: store).run { visit in for loan in document { try visit(loan) } }.unchanged == 1)
        #expect(try store.history(of: nil, limit: nil).count == 1)
        #expect(throws: LoanCommandError.nothingToRedo) { try RedoChange(store: store).run() }
        #expect(throws: LoanCommandError.notFound(LoanID(99))) { try RemoveLoan(store: store).run(LoanID(99)) }
        struct Refused: Error {}
        #expect(throws: Refused.self) { try store.change(.add) { _ = try $0.insertNew(all(store)[0]); throw Refused() } }
        #expect(try store.history(of: nil, limit: nil).count == 1 && all(store).count == 1, "a change that threw was rolled back")
        #expect(commits == 1, "nothing is told of a change that wrote nothing, was refused or rolled back")
    }

    /// The caller read the loan in the change already, so the store records that state as the one
    /// before and does not read it again. A state the store does not hold (a note no write gave
    /// it) shows which it recorded — in a change of a few loans and in a bulk one (an import).
    static func recordsTheGivenBefore(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        for kind in [ChangeKind.edit, .importDocument] {
            let (kept, dropped) = (try AddLoan(store: store).run(draft("Kept")), try AddLoan(store: store).run(draft("Dropped")))
            var expected: [LoanDelta] = []
            try store.change(kind) { writer in
                for id in [kept, dropped] {
                    let stored = try #require(try writer.loan(id))
                    var (given, after) = (stored, stored)
                    given.note = "as the caller read it"
                    after.title = "Renamed"
                    if id == kept { try writer.update(from: given, to: after) } else { try writer.delete(given) }
                    expected.append(LoanDelta(id: id, before: given, after: id == kept ? after : nil))
                }
            }
            let change = try #require(try store.history(of: nil, limit: 1).first)
            #expect(change.kind == kind)
            #expect(try deltas(store, change) == expected, "\(kind)")
        }
    }

    static func undoesAndRedoes(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("Tent"))
        let steps = [try all(store)]
        _ = try RenewLoan(store: store).run(id, to: .offset(DateOffset(count: 1, unit: .weeks)))
        let renewed = try all(store)
        _ = try ReturnLoan(store: store).run(id, on: today, today: today)
        let returned = try all(store)
        let undo = UndoChange(store: store)
        #expect(try undo.run().change.kind == .returnLoan)
        #expect(try all(store) == renewed)
        #expect(try undo.run().change.kind == .renew)
        #expect(try all(store) == steps[0])
        let first = try undo.run()
        #expect(first.change.kind == .add && first.delta?.after?.title == "Tent")
        #expect(try all(store).isEmpty)
        #expect(throws: LoanCommandError.nothingToUndo) { try undo.run() }
        let redo = RedoChange(store: store)
        #expect(try redo.run().change.kind == .add)
        #expect(try redo.run().change.kind == .renew)
        #expect(try all(store) == renewed)
        #expect(try redo.run().change.kind == .returnLoan)
        #expect(try all(store) == returned)
        #expect(throws: LoanCommandError.nothingToRedo) { try redo.run() }
        let kinds = try store.history(of: nil, limit: nil).map(\.kind)
        #expect(kinds == [.redo, .redo, .redo, .undo, .undo, .undo, .returnLoan, .renew, .add])
        let lastUndo = try #require(try store.history(of: nil, limit: 4).last)
        #expect(lastUndo.kind == .undo && lastUndo.target != nil)
    }

    static func aNewChangeEndsRedo(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("Drill"))
        _ = try ReturnLoan(store: store).run(id, on: today, today: today)
        _ = try UndoChange(store: store).run()
        _ = try AddLoan(store: store).run(draft("Ladder"))
        #expect(throws: LoanCommandError.nothingToRedo) { try RedoChange(store: store).run() }
        #expect(try UndoChange(store: store).run().change.kind == .add)
        #expect(try UndoChange(store: store).run().change.kind == .add, "the undone return is passed over")
        #expect(try all(store).isEmpty)
    }

    static func undoIsPerAuthor(_ open: ChangeCheck.Writers) throws {
        let alice = try open("alice@home")
        let first = try AddLoan(store: alice).run(draft("Book one"))
        let second = try AddLoan(store: alice).run(draft("Book two"))
        let bob = try open("bob@desk")
        #expect(throws: LoanCommandError.nothingToUndo) { try UndoChange(store: bob).run() }
        let bobs = try ReturnLoan(store: bob).run(second, on: today, today: today)
        let alice2 = try open("alice@home")
        let before = try all(alice2)
        let refused = #expect(throws: LoanCommandError.self) { try UndoChange(store: alice2).run() }
        guard case .blocked(let blocked) = refused, blocked.isUndo, let blocker = blocked.blocker else {
            Issue.record("expected a blocked undo, got \(String(describing: refused))")
            return
        }
        let change = blocked.change
        #expect(change.kind == .add && blocked.subject == .loan(second, title: "Book two"))
        #expect(blocker.who == open.who("bob@desk") && blocker.kind == .returnLoan)
        #expect(try all(alice2) == before)
        let skipped = try UndoChange(store: alice2).run(skippingBlocked: true)
        #expect(skipped.change.kind == .add && skipped.delta?.id == first && skipped.skipped.map(\.id) == [change.id])
        #expect(try all(alice2) == [bobs])
        // Only the blocked change is left: --skip names it and what blocks it, not "nothing to undo".
        #expect(throws: LoanCommandError.everyChangeBlocked(blocked, count: 1)) { try UndoChange(store: alice2).run(skippingBlocked: true) }
        #expect(throws: LoanCommandError.blocked(blocked)) { try UndoChange(store: alice2).run() }
        #expect(try all(alice2) == [bobs])
    }

    static func anImportIsUndoneWhole(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        _ = try AddLoan(store: store).run(draft("Before"))
        let before = try all(store)
        let document = (50..<80).map { Sample.loan(Int64($0), due: $0 % 9 - 4) }
        let outcome = try ImportLoans(store: store).run { visit in for loan in document { try visit(loan) } }
        #expect(outcome.added == 30)
        let change = try #require(try store.history(of: nil, limit: 1).first)
        #expect(change.kind == .importDocument && change.loanCount == 30)
        let undone = try UndoChange(store: store).run()
        #expect(undone.change.id == change.id && undone.delta == nil)
        #expect(try all(store) == before)
        _ = try RedoChange(store: store).run()
        #expect(try all(store).count == 31)
    }

    static func idsAreNeverGivenTwice(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let first = try AddLoan(store: store).run(draft("One"))
        let second = try AddLoan(store: store).run(draft("Two"))
        try RemoveLoan(store: store).run(second)
        #expect(try AddLoan(store: store).run(draft("Three")) == LoanID(second.rawValue + 1))
        #expect(first == LoanID(1))
        let largest = Loan(
            id: LoanID.maximum, title: "Last", direction: .lent, counterparty: "A", lentOn: Sample.day(0), dueOn: Sample.day(1)
        )
        #expect(try ImportLoans(store: store).run { try $0(largest) }.added == 1)
        // The largest id taken, new ids come from the free ids below it: after the largest used
        // below it, never one the history holds, whoever took it and whatever was undone since.
        #expect(try AddLoan(store: store).run(draft("Four")) == LoanID(4))
        #expect(try ImportLoans(store: store).run { try $0(Sample.loan(6, due: 1)) }.added == 1)
        _ = try UndoChange(store: store).run()
        #expect(try AddLoan(store: store).run(draft("Five")) == LoanID(7), "6 is in the history")
        try RemoveLoan(store: store).run(LoanID.maximum)
        #expect(try AddLoan(store: store).run(draft("Six")) == LoanID(8), "a removed loan's id stays taken")
        let bob = try open("bob@desk")
        #expect(try AddLoan(store: bob).run(draft("Bob's")) == LoanID(9), "another member of the household adds too")
        // Alice undoes back to before the largest id's import: it stays in the history only.
        let alice = try open("alice@home")
        for _ in 0..<5 { _ = try UndoChange(store: alice).run() }
        #expect(try alice.history(of: nil, limit: 1).first.map { try deltas(alice, $0).map(\.id) } == [LoanID.maximum])
        #expect(try alice.loan(LoanID.maximum) == nil)
        #expect(try AddLoan(store: alice).run(draft("Seven")) == LoanID(10))
    }

    static func importsByTheRules(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let kept = try AddLoan(store: store).run(draft("Kept"))
        let gone = try AddLoan(store: store).run(draft("Gone"))
        try RemoveLoan(store: store).run(gone)
        let stored = try all(store)
        let same = stored[0]
        var other = Sample.loan(kept.rawValue, due: 1, title: "Other")
        other.lentOn = Sample.day(-5)
        let reused = Sample.loan(gone.rawValue, due: 2, title: "Reused id")
        let fresh = Sample.loan(40, due: 0, title: "Fresh")
        func run(_ rule: ImportConflictRule, dryRun: Bool = false, _ loans: [Loan]) throws -> ImportOutcome {
            try ImportLoans(store: store, conflicts: rule, dryRun: dryRun).run { visit in for loan in loans { try visit(loan) } }
        }
        let refused = #expect(throws: ImportConflictError.self) { try run(.refuse, [same, other, reused, fresh]) }
        #expect(refused?.outcome.conflicts == [kept, gone] && refused?.outcome.conflictCount == 2)
        #expect(try all(store) == stored)
        #expect(throws: ImportConflictError.self) { try run(.refuse, dryRun: true, [other]) }
        let trial = try run(.replace, dryRun: true, [same, other, fresh])
        #expect(trial.unchanged == 1 && trial.replaced == 1 && trial.added == 1)
        #expect(try all(store) == stored)
        let replaced = try run(.replace, [other, reused])
        #expect(replaced.replaced == 2 && replaced.added == 0)
        #expect(try store.loan(kept)?.title == "Other" && store.loan(gone)?.title == "Reused id")
        let renumbered = try run(.renumber, [Sample.loan(kept.rawValue, due: 4, title: "Moved"), fresh])
        #expect(renumbered.renumbered == 1 && renumbered.added == 1)
        #expect(try all(store).map(\.title) == ["Other", "Reused id", "Fresh", "Moved"])
        #expect(try all(store).map(\.id.rawValue) == [kept.rawValue, gone.rawValue, 40, 41])
    }

    static func adoptsIdentityWhenEmpty(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let document = [Sample.loan(3, due: 1), Sample.loan(4, due: 2)]
        let moved = try ImportLoans(store: store).runDocument { visit in
            for loan in document { try visit(loan) }
            return "feedfacefeedfacefeedfacefeedface"
        }
        #expect(moved.adoptedIdentity && moved.added == 2)
        #expect(try store.databaseIdentity() == "feedfacefeedfacefeedfacefeedface")
        let again = try ImportLoans(store: store).runDocument { visit in
            try visit(Sample.loan(9, due: 3))
            return "0000000000000000000000000000beef"
        }
        #expect(!again.adoptedIdentity && again.added == 1)
        #expect(try store.databaseIdentity() == "feedfacefeedfacefeedfacefeedface")
    }
}

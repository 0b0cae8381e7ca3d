import LoansCore
import Testing

/// The calendar feed's side of the store contract: a store has one identity that stays, and a
/// loan's revision counts every change that touched it (so an event's version only grows).
package enum FeedContract {
    package static let checks: [ChangeCheck] = [
        ChangeCheck(name: "the identity is made once and stays", body: identityStays),
        ChangeCheck(name: "a loan's revision counts the changes that touched it", body: revisionsGrow),
    ]

    static func identityStays(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let identity = try #require(try store.databaseIdentity())
        #expect((1...64).contains(identity.utf8.count))
        #expect(identity.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == "-" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        _ = try AddLoan(store: store).run(ReminderContract.draft("Dune", due: 3))
        #expect(try open("bob@desk").databaseIdentity() == identity)
    }

    static func revisionsGrow(_ open: ChangeCheck.Writers) throws {
        let store = try open("alice@home")
        let id = try AddLoan(store: store).run(ReminderContract.draft("Dune", due: 3))
        let other = try AddLoan(store: store).run(ReminderContract.draft("Other", due: 5))
        #expect(try store.revision(of: id)?.changeCount == 1)
        _ = try RenewLoan(store: store).run(id, to: .date(Sample.day(9)))
        var edit = LoanEdit()
        edit.note = "only the other loan"
        _ = try EditLoan(store: store).run(other, edit)
        #expect(try store.revision(of: id)?.changeCount == 2)
        _ = try UndoChange(store: store).run()
        _ = try UndoChange(store: store).run()
        #expect(try store.revision(of: id)?.changeCount == 3, "an undo is a change too")
        #expect(try store.revision(of: other)?.changeCount == 3, "added, edited, the edit undone")
        #expect(try store.revision(of: LoanID(99)) == nil)
        let stamp = try #require(try store.revision(of: id)?.lastChanged)
        #expect(stamp == (try store.history(of: id, limit: 1).first?.at))
    }
}

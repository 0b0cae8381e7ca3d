import Foundation
@testable import LoansAdapters
import LoansCore
import LoansTestSupport
import Testing

/// Contacts in the SQLite file: a file of the schema before them is read as it is (no contacts,
/// everyone counted from the loans) until a write adds them, and a contact edited by hand into
/// something loans could not have written is reported, never repaired or skipped.
@Suite struct SQLitePeopleTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    static let draft = LoanDraft(title: "Dune", direction: .borrowed, counterparty: "City Library", lentOn: Sample.day(-10), dueOn: Sample.day(1))

    func database() throws -> String {
        let path = folder.file("loans.db")
        let writer = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        try writer.add(SQLitePeopleTests.draft)
        _ = try SetPerson(store: writer).run("Alice", email: try EmailAddress(parsing: "alice@example.org"))
        return path
    }

    @Test func aFileFromBeforeContactsIsReadAsItIsUntilAWriteAddsThem() throws {
        let path = try database()
        _ = try sqlite3(path, "DROP TABLE person; DROP TABLE change_person; PRAGMA user_version = 8")
        let reader = try LoanDatabase.reader(at: SystemPath(path)!)
        let everyone = try PeopleQuery(store: reader).everyone()
        #expect(everyone.map(\.name) == ["City Library"] && everyone.map(\.openLoans) == [1])
        #expect(try reader.person(PersonKey("alice")) == nil)
        var deltas = 0
        let history = try #require(reader.history)
        for change in try history.history(of: nil, limit: nil) { try history.personDeltas(of: change.id) { _ in deltas += 1 } }
        #expect(deltas == 0)
        #expect(try sqlite3(path, "PRAGMA user_version") == "8", "a read never upgrades")
        let writer = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        #expect(try sqlite3(path, "PRAGMA user_version") == String(Migrations.latestVersion))
        _ = try SetPerson(store: writer).run("Bob", email: nil)
        #expect(try LoanDatabase.reader(at: SystemPath(path)!).person(PersonKey("BOB")) == Person(name: "Bob"))
    }

    @Test(arguments: [
        ("UPDATE person SET email = 'alice at example.org'", "email"), ("UPDATE person SET email = 7", "email"),
        ("UPDATE person SET name = CAST(x'ff' AS TEXT)", "name"), ("UPDATE person SET name = x'41'", "name"),
    ])
    func aContactEditedByHandIsReported(_ edit: String, _ column: String) throws {
        let path = try database()
        _ = try sqlite3(path, edit)
        let reader = try LoanDatabase.reader(at: SystemPath(path)!)
        let message = "the contact \"alice\" has a malformed \(column) in the database"
        #expect(throws: StoreError(.unavailable, message)) { try reader.people { _ in } }
        #expect(throws: StoreError(.unavailable, message)) { try reader.person(PersonKey("Alice")) }
        #expect(throws: StoreError(.unavailable, message)) { try PeopleQuery(store: reader).everyone() }
    }
}

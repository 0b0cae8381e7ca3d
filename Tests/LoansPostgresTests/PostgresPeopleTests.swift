import LoansCore
@testable import LoansPostgres
import LoansTestSupport
import Testing

/// Contacts on a PostgreSQL server: a database of the schema before them is read as it is (no
/// contacts, everyone counted from the loans) until a write migrates it, and a reader that lived
/// through that migration sees the contacts from then on; a contact edited by hand into something
/// loans could not have written is reported, never repaired or skipped.
@Suite struct PostgresPeopleTests {
    func database() throws -> TestDatabase {
        let database = try TestDatabase()
        let writer = try database.writer()
        try writer.add(Day.draft("Dune", to: "City Library"))
        _ = try SetPerson(store: writer).run("Alice", email: try EmailAddress(parsing: "alice@example.org"))
        return database
    }

    @Test func aSchemaFromBeforeContactsIsReadAsItIsUntilAWriteMigratesIt() throws {
        let database = try database()
        try database.psql("""
            DROP TABLE loans.change_person, loans.person; DELETE FROM loans.migration WHERE version > 11;
            COMMENT ON SCHEMA loans IS 'loans schema 11'
            """)
        let reader = try PostgresDatabase.reader(database.url, client: .tester)
        let everyone = try PeopleQuery(store: reader).everyone()
        #expect(everyone.map(\.name) == ["City Library"] && everyone.map(\.openLoans) == [1])
        #expect(try reader.person(PersonKey("alice")) == nil)
        #expect(try database.psql("SELECT max(version) FROM loans.migration") == "11", "a read never migrates")
        let writer = try database.writer()
        _ = try SetPerson(store: writer).run("Bob", email: nil)
        #expect(try reader.person(PersonKey("BOB")) == Person(name: "Bob"), "the reader sees the contacts once they exist")
        #expect(try database.psql("SELECT max(version) FROM loans.migration") == String(PostgresSchema.latestVersion))
    }

    @Test func aContactEditedByHandIsReported() throws {
        let database = try database()
        try database.psql("UPDATE loans.person SET email = 'alice at example.org'")
        let reader = try PostgresDatabase.reader(database.url, client: .tester)
        let message = "the contact \"alice\" has a malformed email in the database"
        #expect(throws: StoreError(.unavailable, message)) { try reader.people { _ in } }
        #expect(throws: StoreError(.unavailable, message)) { try reader.person(PersonKey("Alice")) }
    }

    /// Contacts are listed in the order of their keys' bytes whatever the database's collation:
    /// their key columns compare bytes ("C").
    @Test func contactKeysCompareTheirBytesInAnyCollation() throws {
        let database = try database()
        #expect(try database.psql("""
            SELECT string_agg(table_name || '.' || column_name || ' ' || collation_name, ', ' ORDER BY table_name)
            FROM information_schema.columns WHERE table_schema = 'loans' AND column_name = 'folded_name'
            """) == "change_person.folded_name C, person.folded_name C")
    }
}

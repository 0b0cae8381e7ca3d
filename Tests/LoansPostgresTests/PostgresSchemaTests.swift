import LoansCore
import LoansPostgres
import Testing

/// What the PostgreSQL store finds in a database and what it changes there: migrations recorded
/// in the database, readers that create nothing, and schemas it does not know left untouched.
@Suite struct PostgresSchemaTests {
    static let everything = DueRange(from: nil, through: .latest)

    @Test func theFirstWriteRecordsItsMigrations() throws {
        let database = try TestDatabase()
        _ = try PostgresDatabase.writer(database.url).add(Day.draft("Dune"))
        #expect(try database.psql("SELECT version || ':' || name FROM loans.migration ORDER BY version")
            == "1:loans, the open-by-due index and per-day open counts")
        #expect(try database.psql("SELECT indexdef FROM pg_indexes WHERE indexname = 'loan_open_by_due'")
            == "CREATE INDEX loan_open_by_due ON loans.loan USING btree (due_on, id) WHERE (returned_on IS NULL)")
        _ = try PostgresDatabase.writer(database.url)
        #expect(try database.psql("SELECT count(*) FROM loans.migration") == "1")
    }

    @Test func manyFirstRunsAtOnceMigrateOnce() throws {
        let database = try TestDatabase()
        let url = database.url
        let crowd = Crowd(8) { _ in { _ = try PostgresDatabase.writer(url).add(Day.draft("Dune")) } }
        #expect(crowd.finish() == [])
        #expect(try database.psql("SELECT count(*) FROM loans.migration") == "1")
        #expect(try database.psql("SELECT count(*) FROM loans.loan") == "8")
    }

    @Test func aReaderCreatesNothingAndReadsEmpty() throws {
        let database = try TestDatabase()
        let reader = try PostgresDatabase.reader(database.url)
        var seen = 0
        try reader.loans(.all) { _ in seen += 1 }
        #expect(seen == 0)
        #expect(try reader.countOpenLoans(due: PostgresSchemaTests.everything) == 0)
        #expect(try reader.loan(LoanID(1)) == nil)
        #expect(try database.psql("SELECT count(*) FROM pg_namespace WHERE nspname = 'loans'") == "0")
    }

    @Test func aSchemaAnAdministratorMadeForLoansIsUsed() throws {
        let database = try TestDatabase()
        try database.psql("CREATE SCHEMA loans AUTHORIZATION loans")
        #expect(try PostgresDatabase.reader(database.url).loan(LoanID(1)) == nil)
        let id = try PostgresDatabase.writer(database.url).add(Day.draft("Dune"))
        #expect(try PostgresDatabase.reader(database.url).loan(id)?.title == "Dune")
    }

    @Test func aForeignSchemaIsRefusedUntouched() throws {
        let database = try TestDatabase()
        try database.psql("CREATE SCHEMA loans AUTHORIZATION loans; CREATE TABLE loans.books (title text); INSERT INTO loans.books VALUES ('mine')")
        for open in [{ _ = try PostgresDatabase.reader(database.url) }, { _ = try PostgresDatabase.writer(database.url) }] {
            let error = try #require(throws: StoreError.self, performing: open)
            #expect(error.kind == .unavailable && error.message.contains("left untouched"))
        }
        #expect(try database.psql("SELECT string_agg(relname, ',' ORDER BY relname) FROM pg_class WHERE relnamespace = 'loans'::regnamespace")
            == "books")
        #expect(try database.psql("SELECT title FROM loans.books") == "mine")
    }

    @Test func aNewerSchemaIsRefusedUntouched() throws {
        let database = try TestDatabase()
        _ = try PostgresDatabase.writer(database.url).add(Day.draft("Dune"))
        try database.psql("INSERT INTO loans.migration (version, name) VALUES (99, 'from the future')")
        for open in [{ _ = try PostgresDatabase.reader(database.url) }, { _ = try PostgresDatabase.writer(database.url) }] {
            let error = try #require(throws: StoreError.self, performing: open)
            #expect(error.kind == .newerVersion && error.message.contains("schema 99"))
        }
        #expect(try database.psql("SELECT string_agg(version::text, ',' ORDER BY version) FROM loans.migration") == "1,99")
    }

    @Test func aDatabaseThatIsNotUTF8IsRefusedBeforeAnythingIsMade() throws {
        let database = try TestDatabase(encoding: "LATIN1")
        let error = try #require(throws: StoreError.self) { _ = try PostgresDatabase.writer(database.url) }
        #expect(error.kind == .unavailable && error.message.contains("LATIN1") && error.message.contains("UTF8"))
        #expect(try database.psql("SELECT count(*) FROM pg_namespace WHERE nspname = 'loans'") == "0")
    }
}

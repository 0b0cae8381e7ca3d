import LoansCore
@testable import LoansPostgres
import LoansTestSupport
import Testing

/// What the PostgreSQL store finds in a database and what it changes there: migrations recorded
/// in the database, readers that create nothing, and schemas it does not know left untouched.
@Suite struct PostgresSchemaTests {
    static let everything = DueRange(from: nil, through: .latest)
    /// Every migration's version, as `loans.migration` lists them: "1,2,3…".
    static let allVersions = (1...PostgresSchema.latestVersion).map(String.init).joined(separator: ",")

    @Test func theFirstWriteRecordsItsMigrations() throws {
        let database = try TestDatabase()
        _ = try database.writer().add(Day.draft("Dune"))
        let recorded = try database.psql("SELECT string_agg(version || ':' || name, '; ' ORDER BY version) FROM loans.migration")
        #expect(recorded.hasPrefix("1:loans, the open-by-due index and per-day open counts; 2:the history: one change per write, each loan before and after it, undo per author; 3:the database's identity, random, made once (calendar uids are unique across databases); 4:the reminders' sent-state, per recipient, loan, due date and level (not history); 5:folded copies of the title, counterparty and note for searching, and a trigram index over them where the server has pg_trgm"))
        #expect(recorded == PostgresSchema.migrations.enumerated().map { "\($0.offset + 1):\($0.element.name)" }.joined(separator: "; "))
        #expect(try database.psql("SELECT indexdef FROM pg_indexes WHERE indexname = 'loan_open_by_due'")
            == "CREATE INDEX loan_open_by_due ON loans.loan USING btree (due_on, id) WHERE (returned_on IS NULL)")
        _ = try database.writer()
        #expect(try database.psql("SELECT count(*) FROM loans.migration") == String(PostgresSchema.latestVersion))
        // The version is noted on the schema, with the loan table it was made with, so a
        // connection learns it with its first statement; without the note it is read from the table.
        #expect(try database.psql("SELECT obj_description('loans'::regnamespace, 'pg_namespace')")
            == "loans schema \(PostgresSchema.latestVersion); loan table " + database.psql("SELECT 'loans.loan'::regclass::oid"))
        try database.psql("COMMENT ON SCHEMA loans IS NULL")
        #expect(try PostgresDatabase.reader(database.url, client: .tester).loan(LoanID(1))?.title == "Dune")
    }

    /// The identity is made once, with the schema: 32 hexadecimal digits, kept by every later
    /// writer, different for another database.
    @Test func theDatabaseIdentityIsMadeOnce() throws {
        let database = try TestDatabase()
        let identity = "SELECT string_agg(value, ',') FROM loans.store_meta WHERE key = 'database_id'"
        _ = try database.writer().add(Day.draft("Dune"))
        let made = try database.psql(identity)
        #expect(made.count == 32 && made.allSatisfy(\.isHexDigit) && made == made.lowercased(), "\(made)")
        _ = try database.writer().add(Day.draft("Azul"))
        #expect(try database.psql(identity) == made)
        let other = try TestDatabase()
        _ = try other.writer()
        #expect(try other.psql(identity) != made)
    }

    /// A database a loans of the first schema made: a reader says a write upgrades it, and the
    /// first write applies the later migrations alone, keeping the loans and making an identity.
    @Test func aWriteUpgradesAnOlderSchemaStepByStep() throws {
        let database = try TestDatabase()
        let first = PostgresSchema.migrations[0]
        try database.psql(
            (["SET ROLE loans"] + first.statements).joined(separator: ";\n")
                + ";\nINSERT INTO loans.migration (version, name) VALUES (1, '\(first.name)')"
                + ";\nINSERT INTO loans.loan (title, direction, counterparty, lent_on, due_on) VALUES ('Dune', 'lent', 'Ann', '2026-11-01', '2026-12-01')"
        )
        let error = try #require(throws: StoreError.self) { _ = try PostgresDatabase.reader(database.url, client: .tester) }
        #expect(error.kind == .unavailable && error.message.contains("older loans schema (1)"))
        let added = try AddLoan(store: try database.writer()).run(Day.draft("Azul"))
        #expect(added == LoanID(2))
        #expect(try database.psql("SELECT string_agg(version::text, ',' ORDER BY version) FROM loans.migration") == Self.allVersions)
        #expect(try PostgresDatabase.reader(database.url, client: .tester).loan(LoanID(1))?.title == "Dune")
        #expect(try PostgresDatabase.reader(database.url, client: .tester).databaseIdentity()?.count == 32)
        #expect(try PostgresDatabase.reader(database.url, client: .tester).history?.history(of: nil, limit: nil).map(\.kind) == [.add])
    }

    /// A database of the second schema (history, no identity yet) is read as it is; the first
    /// write gives it its identity.
    @Test func aReaderReadsTheSecondSchemaAsItIs() throws {
        let database = try TestDatabase()
        let statements = PostgresSchema.migrations[0...1].flatMap(\.statements)
        try database.psql(
            (["SET ROLE loans"] + statements).joined(separator: ";\n")
                + ";\nINSERT INTO loans.migration (version, name) VALUES (1, 'one'), (2, 'two')"
                + ";\nINSERT INTO loans.loan (title, direction, counterparty, lent_on, due_on) VALUES ('Dune', 'lent', 'Ann', '2026-11-01', '2026-12-01')"
        )
        #expect(try PostgresDatabase.reader(database.url, client: .tester).loan(LoanID(1))?.title == "Dune")
        #expect(try database.psql("SELECT to_regclass('loans.store_meta') IS NULL") == "t")
        #expect(try PostgresDatabase.reader(database.url, client: .tester).databaseIdentity() == nil)
        _ = try database.writer().add(Day.draft("Azul"))
        #expect(try database.psql("SELECT length(value) FROM loans.store_meta WHERE key = 'database_id'") == "32")
    }

    @Test func manyFirstRunsAtOnceMigrateOnce() throws {
        let database = try TestDatabase()
        let url = database.url
        let crowd = Crowd(8) { _ in { _ = try PostgresDatabase.writer(url, author: .tester, waiting: .keepalive).add(Day.draft("Dune")) } }
        #expect(crowd.finish() == [])
        #expect(try database.psql("SELECT count(*) FROM loans.migration") == String(PostgresSchema.latestVersion))
        #expect(try database.psql("SELECT count(*) FROM loans.store_meta") == "1")
        #expect(try database.psql("SELECT count(*) FROM loans.loan") == "8")
    }

    @Test func aReaderCreatesNothingAndReadsEmpty() throws {
        let database = try TestDatabase()
        let reader = try PostgresDatabase.reader(database.url, client: .tester)
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
        #expect(try PostgresDatabase.reader(database.url, client: .tester).loan(LoanID(1)) == nil)
        let id = try database.writer().add(Day.draft("Dune"))
        #expect(try PostgresDatabase.reader(database.url, client: .tester).loan(id)?.title == "Dune")
    }

    @Test func aForeignSchemaIsRefusedUntouched() throws {
        let database = try TestDatabase()
        try database.psql("CREATE SCHEMA loans AUTHORIZATION loans; CREATE TABLE loans.books (title text); INSERT INTO loans.books VALUES ('mine')")
        for open in [{ _ = try PostgresDatabase.reader(database.url, client: .tester) }, { _ = try database.writer() }] {
            let error = try #require(throws: StoreError.self, performing: open)
            #expect(error.kind == .unavailable && error.message.contains("left untouched"))
        }
        #expect(try database.psql("SELECT string_agg(relname, ',' ORDER BY relname) FROM pg_class WHERE relnamespace = 'loans'::regnamespace")
            == "books")
        #expect(try database.psql("SELECT title FROM loans.books") == "mine")
    }

    @Test func aNewerSchemaIsRefusedUntouched() throws {
        let database = try TestDatabase()
        _ = try database.writer().add(Day.draft("Dune"))
        try database.psql("INSERT INTO loans.migration (version, name) VALUES (99, 'from the future'); COMMENT ON SCHEMA loans IS 'loans schema 99'")
        for open in [{ _ = try PostgresDatabase.reader(database.url, client: .tester) }, { _ = try database.writer() }] {
            let error = try #require(throws: StoreError.self, performing: open)
            #expect(error.kind == .newerVersion && error.message.contains("schema 99"))
        }
        #expect(try database.psql("SELECT string_agg(version::text, ',' ORDER BY version) FROM loans.migration") == Self.allVersions + ",99")
    }

    @Test func aDatabaseThatIsNotUTF8IsRefusedBeforeAnythingIsMade() throws {
        let database = try TestDatabase(encoding: "LATIN1")
        let error = try #require(throws: StoreError.self) { _ = try database.writer() }
        #expect(error.kind == .unavailable && error.message.contains("LATIN1") && error.message.contains("UTF8"))
        #expect(try database.psql("SELECT count(*) FROM pg_namespace WHERE nspname = 'loans'") == "0")
    }
}

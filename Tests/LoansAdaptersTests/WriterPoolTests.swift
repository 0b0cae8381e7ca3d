import Foundation
import LoansAdapters
import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

/// Pooled writers (`StoreEngine.writers`), on a real SQLite file and a real PostgreSQL server:
/// many people write at once through one pool and every write lands, as its person; the store
/// is opened once, not for each write; and a connection that no longer reaches the store — a
/// file replaced or removed, a connection the server ended, a schema dropped — is not kept.
@Suite struct WriterPoolTests {
    typealias Engine = ReaderPoolTests.Engine

    static let people = 6
    static let writesEach = 5

    /// Six threads write at once through a pool of fewer connections than they are, each as a
    /// person of its own, each write an add and a renewal of the same loan: every add is there
    /// once, every renewal counts, and the history gives each person their own changes.
    @Test(arguments: Engine.allCases)
    func manyPeopleWriteAtOnceAndEveryWriteLands(_ kind: Engine) throws {
        let folder = try TemporaryFolder()
        let location = try kind.location(in: folder)
        let pool = try kind.engine(location).writers(upTo: 3)
        try pool.write(as: "owner@web") { try $0.seed([Sample.loan(1, due: 3)]) }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: WriterPoolTests.people) { person in
            failures.noting("person \(person)") {
                for write in 0..<WriterPoolTests.writesEach {
                    try pool.write(as: "person\(person)@web") { store in
                        try store.add(LoanDraft(
                            title: "Added \(person)-\(write)", direction: .lent, counterparty: "Ann", lentOn: Sample.day(0), dueOn: Sample.day(7)
                        ))
                        _ = try RenewLoan(store: store).run(LoanID(1), to: .offset(DateOffset(parsing: "+1d")!))
                    }
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let reader = try kind.engine(location).reader()
        let writes = WriterPoolTests.people * WriterPoolTests.writesEach
        var added: [String] = []
        try reader.loans(.all) { if $0.title.hasPrefix("Added ") { added.append($0.title) } }
        #expect(added.count == writes && Set(added).count == writes, "\(added.sorted())")
        let renewed = try #require(try reader.loan(LoanID(1)))
        #expect(renewed.renewals == writes && renewed.dueOn == Sample.day(3 + writes), "\(renewed)")
        let history = try #require(reader.history).history(of: nil, limit: nil)
        for person in 0..<WriterPoolTests.people {
            let theirs = history.filter { $0.who.hasPrefix("person\(person)@web") }
            #expect(theirs.count == 2 * WriterPoolTests.writesEach, "person \(person): \(theirs.map(\.who))")
        }
    }

    /// A database file removed under the pool is made again by the next write, and one replaced
    /// is written where the path now leads — never to the file that is gone.
    @Test func aFileReplacedOrRemovedIsOpenedAnew() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("loans.db")
        let pool = try Engine.sqlite.engine(path).writers(upTo: 1)
        try pool.write(as: "alice@web") { _ = try $0.add(WriterPoolTests.draft("First")) }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try pool.write(as: "alice@web") { _ = try $0.add(WriterPoolTests.draft("After the removal")) }
        #expect(try WriterPoolTests.titles(path) == ["After the removal"])

        let other = folder.file("other.db")
        try Engine.sqlite.engine(other).writer().add(WriterPoolTests.draft("In the other file"))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        #expect(rename(other, path) == 0)
        try pool.write(as: "alice@web") { _ = try $0.add(WriterPoolTests.draft("After the replacement")) }
        #expect(try WriterPoolTests.titles(path) == ["After the replacement", "In the other file"])
    }

    /// On a server, the pool's one connection serves every write (the server lets in one); one the
    /// server ended while it sat idle is dropped before it is lent, and the write goes through on
    /// a new one; a schema dropped meanwhile is made again by the next write.
    @Test func aServerConnectionIsMadeOnceAndMadeAgainWhenEnded() throws {
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let pool = try Engine.postgres.engine(server.url(database)).writers(upTo: 1)
        let application = "loans " + Author.tester.name
        for index in 0..<5 {
            try pool.write(as: "alice@web") { _ = try $0.add(WriterPoolTests.draft("Write \(index)")) }
        }
        #expect(server.connections(to: database, application: application) == 1, "a connection per write")
        _ = try server.psql(database, "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        try pool.write(as: "alice@web") { _ = try $0.add(WriterPoolTests.draft("After the end")) }
        #expect(server.connections(to: database, application: application) == 2)
        _ = try server.psql(database, "DROP SCHEMA loans CASCADE")
        try pool.write(as: "alice@web") { _ = try $0.add(WriterPoolTests.draft("After the drop")) }
        #expect(try WriterPoolTests.titles(server.url(database)) == ["After the drop"])
    }

    static func draft(_ title: String) -> LoanDraft {
        LoanDraft(title: title, direction: .lent, counterparty: "Ann", lentOn: Sample.day(0), dueOn: Sample.day(7))
    }

    /// The titles of the open loans at a location, in order.
    static func titles(_ location: String) throws -> [String] {
        let kind: Engine = PostgresEngine.claims(location) ? .postgres : .sqlite
        var titles: [String] = []
        try kind.engine(location).reader().loans(.open) { titles.append($0.title) }
        return titles.sorted()
    }
}

/// What the writing threads threw, under a lock.
private final class Failures: @unchecked Sendable {  // `failures` is read and written under `lock`
    private let lock = NSLock()
    private var failures: [String] = []

    var all: [String] { lock.withLock { failures } }

    func noting(_ who: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            lock.withLock { failures.append("\(who): \(error)") }
        }
    }
}

import Foundation
import Glibc
import LoansCore
@testable import LoansPostgres
import LoansTestSupport
import Testing

/// Connecting: libpq's conventions pass through, a server that is away fails within the connect
/// timeout as `.unavailable`, and no message carries a password.
@Suite struct PostgresConnectionTests {
    @Test func aServerThatIsNotThereIsUnavailableAndNamedWithoutPassword() throws {
        let closed = try SilentServer(listening: false)
        let port = closed.port
        let error = try #require(throws: StoreError.self) {
            _ = try PostgresDatabase.reader("postgresql://alice:pw-7d1e@127.0.0.1:\(port)/loans", client: .tester)
        }
        #expect(error.kind == .unavailable)
        #expect(error.message.hasPrefix("cannot connect to PostgreSQL database \"postgresql://alice@127.0.0.1:\(port)/loans\": "))
        #expect(error.message.contains("Connection refused") && !error.message.contains("\n"))
        #expect(!error.message.contains("pw-7d1e"))
    }

    /// Every setting loans relies on is pinned for the session, whatever the connection details'
    /// `options` (or PGOPTIONS, or ALTER ROLE … SET) said: dates, the search path, and no bulk
    /// change under way.
    @Test func theSessionsSettingsArePinnedAtConnect() throws {
        let database = try TestDatabase()
        let options = "?options=-c%20loans.bulk_import%3Don%20-c%20search_path%3Dpublic%20-c%20datestyle%3DSQL%2CDMY"
        let connection = try PostgresConnection(ConnectionString(database.url + options), pq: LibPQ.shared.get(), client: .tester)
        let settings = try connection.execute(
            "SELECT current_setting('loans.bulk_import', true), current_setting('search_path'), current_setting('datestyle'), '2026-11-29'::date::text"
        )
        #expect(settings.string(0, 0) == "" && settings.string(0, 1) == "pg_catalog", "\(String(describing: settings.string(0, 0)))")
        #expect(settings.string(0, 2) == "ISO, YMD" && settings.string(0, 3) == "2026-11-29")
    }

    /// A server that accepts the connection and never answers (a hung host, a stalled tunnel):
    /// the connect budget (the default timeout of 2 s, and a second more) ends the wait, as a
    /// typed `.timedOut`, even for a run that keeps going.
    @Test func aServerThatNeverAnswersTimesOut() throws {
        let silent = try SilentServer()
        let url = "postgresql://loans@127.0.0.1:\(silent.port)/loans"
        let outcome = Outcome()
        let started = Date()
        Thread {
            do {
                _ = try PostgresDatabase.reader(url, client: .tester)
                outcome.set("connected")
            } catch let error as StoreError {
                outcome.set("\(error.kind): \(error.message)")
            } catch {
                outcome.set("\(error)")
            }
        }.start()
        let message = try #require(outcome.wait(seconds: 15), "still waiting for the server after 15 s")
        #expect(message == "timedOut: cannot connect to PostgreSQL database \"\(url)\": no answer within 3 s (name resolution included)")
        #expect(Date().timeIntervalSince(started) >= 2.5, "gave up before the connect budget")
    }

    /// A server that answers the connection and then stalls a statement (a lock held elsewhere):
    /// a one-shot run's answer deadline ends the wait as `.timedOut`, and the connection is not
    /// used again — a pool drops it.
    @Test func aStatementThatIsNotAnsweredInTimeTimesOut() throws {
        let database = try TestDatabase()
        _ = try database.writer().add(Day.draft("Dune"))
        // An administrator's session holds the table until the test ends (the connection closes).
        let holder = try PostgresConnection(ConnectionString(database.url), pq: LibPQ.shared.get(), client: .tester)
        try holder.execute("BEGIN")
        try holder.execute("LOCK TABLE loans.loan IN ACCESS EXCLUSIVE MODE")
        defer { _ = holder }
        let client = PostgresClient(user: Author.tester.name, waiting: .deadline(answerSeconds: 1))
        let reader = try PostgresDatabase.reader(database.url, client: client)
        let error = try #require(throws: StoreError.self) { _ = try reader.loan(LoanID(1)) }
        #expect(error.kind == .timedOut)
        #expect(error.message == "PostgreSQL database \"\(database.url)\" did not answer within 1 s")
        let again = try #require(throws: StoreError.self) { _ = try reader.countOpenLoans(due: DueRange(from: nil, through: .latest)) }
        #expect(again.kind == .unavailable && again.message.contains("ran out of time"), "\(again.message)")
    }

    @Test func aWrongPasswordIsReportedWithoutIt() throws {
        let server = try PostgresServer.shared()
        let urls = [
            "postgresql://\(PostgresServer.guardedRole):wrong-pw-31@127.0.0.1:\(server.port)/postgres",
            "host=127.0.0.1 port=\(server.port) user=\(PostgresServer.guardedRole) password='wrong-pw-31 quoted' dbname=postgres",
        ]
        for url in urls {
            let error = try #require(throws: StoreError.self) { _ = try PostgresDatabase.reader(url, client: .tester) }
            #expect(error.kind == .unavailable && error.message.contains("password authentication failed"))
            #expect(!error.message.contains("wrong-pw-31"), "\(error.message)")
        }
        let right = "postgresql://\(PostgresServer.guardedRole):\(PostgresServer.guardedPassword)@127.0.0.1:\(server.port)/postgres"
        #expect(try PostgresDatabase.reader(right, client: .tester).loan(LoanID(1)) == nil)
    }

    @Test func libpqConventionsPassThrough() throws {
        let database = try TestDatabase()
        let id = try database.writer().add(Day.draft("Dune"))
        let closed = try SilentServer(listening: false)
        let deadPort = closed.port
        let port = database.server.port
        let reachable = [
            "postgresql://loans@127.0.0.1:\(deadPort),127.0.0.1:\(port)/\(database.name)?target_session_attrs=read-write",
            "postgres://loans@127.0.0.1:\(port)/\(database.name)?sslmode=disable&connect_timeout=1",
            "host=127.0.0.1 port=\(port) user=loans dbname=\(database.name)",
            // A date style of the user's own: loans still reads its dates.
            "postgresql://loans@127.0.0.1:\(port)/\(database.name)?options=-c%20datestyle%3DSQL%2CDMY",
        ]
        for url in reachable {
            #expect(try PostgresDatabase.reader(url, client: .tester).loan(id)?.title == "Dune", "\(url)")
        }
        let error = try #require(throws: StoreError.self) {
            _ = try PostgresDatabase.reader(database.url + "?sslmode=require", client: .tester)
        }
        #expect(error.kind == .unavailable && error.message.contains("SSL"), "\(error.message)")
    }

    @Test func theServerSeesWhoIsConnectedUnlessTheUserNamedItself() throws {
        let database = try TestDatabase()
        _ = try database.writer()
        let names = "SELECT string_agg(application_name, ',' ORDER BY application_name) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        let reader = try PostgresDatabase.reader(database.url, client: .tester)
        #expect(try database.psql(names) == PostgresClient.tester.applicationName)
        #expect(PostgresClient.tester.applicationName.hasPrefix("loans ") && PostgresClient.tester.applicationName.contains("@"))
        let named = try PostgresDatabase.reader(database.url + "?application_name=kitchen-bar", client: .tester)
        #expect(try database.psql(names) == [PostgresClient.tester.applicationName, "kitchen-bar"].sorted().joined(separator: ","))
        _ = (reader, named)
    }

    @Test func aMissingLibpqNamesThePackageToInstall() {
        let error = #expect(throws: StoreError.self) { _ = try LibPQ(soname: "libpq-that-is-not-installed.so.5") }
        #expect(error?.kind == .unavailable)
        #expect(error?.message.contains("PostgreSQL needs libpq5") == true)
        #expect(error?.message.contains("apt install libpq5") == true)
    }
}

/// A loopback port that accepts connections and never says a word — or, not `listening`,
/// refuses them; either way the port stays this test's until the server is released.
final class SilentServer {
    let port: Int
    private let socket: Int32

    init(listening: Bool = true) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && (!listening || listen(socket, 16) == 0) && getsockname(socket, raw, &length) == 0
            }
        }
        guard listening else {
            close(socket)
            throw HarnessError("cannot listen on loopback")
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(socket)
    }
}

/// A result handed from a thread, awaited with a deadline.
final class Outcome: @unchecked Sendable {  // `value` is accessed under `lock`
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var value: String?

    func set(_ text: String) {
        lock.withLock { value = text }
        arrived.signal()
    }

    func wait(seconds: Double) -> String? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { value }
    }
}

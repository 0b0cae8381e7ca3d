import Foundation
import LoansCore
import LoansPostgres
import LoansTestSupport

/// A fresh database on the tests' server, owned by the role `loans`.
struct TestDatabase {
    let server: PostgresServer
    let name: String
    var url: String { server.url(name) }

    init(encoding: String = "UTF8", locale: String = "C") throws {
        server = try PostgresServer.shared()
        name = try server.createDatabase(encoding: encoding, locale: locale)
    }

    /// A writer on this database, recording changes as `author`.
    func writer(_ author: String = Author.tester.name) throws -> any LoanWriting {
        try PostgresDatabase.writer(url, author: Author(name: author, clock: Author.tester.clock))
    }

    /// Runs SQL as the superuser in this database (an independent reader of what loans wrote).
    @discardableResult
    func psql(_ sql: String) throws -> String {
        try server.psql(name, sql)
    }
}

/// Dates and loans around a fixed day.
enum Day {
    static let today = CivilDate.on("2026-11-29")

    static func offset(_ days: Int) -> CivilDate { today.adding(days: days)! }

    static func draft(_ title: String, due: Int = 7, to party: String = "Ann") -> LoanDraft {
        LoanDraft(title: title, direction: .lent, counterparty: party, lentOn: offset(-30), dueOn: offset(due))
    }

    static func loan(_ id: Int64, due: Int = 1, title: String? = nil) -> Loan {
        Loan(
            id: LoanID(id), title: title ?? "Loan \(id)", direction: .borrowed, counterparty: "Party \(id)",
            lentOn: offset(-30), dueOn: offset(due), note: id.isMultiple(of: 3) ? "note \(id)" : nil,
            previousDueDates: id.isMultiple(of: 4) ? [offset(-20), offset(-10)] : []
        )
    }
}

/// Threads that each run a piece of work at the same moment: all start, all wait at a barrier,
/// then all run; `finish` waits for them with a deadline.
final class Crowd: @unchecked Sendable {  // every mutable field is accessed under `lock`
    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private let go = DispatchSemaphore(value: 0)
    private let done = DispatchGroup()
    private var failures: [String] = []
    private let size: Int

    /// Starts `size` threads: each runs `prepare(i)`, waits for the others, then runs the work
    /// `prepare` returned.
    init(_ size: Int, _ prepare: @escaping @Sendable (Int) throws -> () throws -> Void) {
        self.size = size
        for index in 0..<size {
            done.enter()
            Thread { [self] in
                defer { done.leave() }
                do {
                    let work = try prepare(index)
                    ready.signal()
                    guard go.wait(timeout: .now() + 60) == .success else { return record("thread \(index) never got the start signal") }
                    try work()
                } catch {
                    ready.signal()
                    record("thread \(index): \(error)")
                }
            }.start()
        }
    }

    /// Releases the threads together once all are ready (waiting at most `seconds`).
    func release(seconds: Double = 60) {
        for _ in 0..<size where ready.wait(timeout: .now() + seconds) != .success {
            record("a thread never got ready")
        }
        for _ in 0..<size { go.signal() }
    }

    /// Waits for the threads (at most `seconds`) and returns what went wrong.
    func wait(seconds: Double = 60) -> [String] {
        if done.wait(timeout: .now() + seconds) != .success { record("the threads did not finish within \(seconds) s") }
        return lock.withLock { failures }
    }

    /// Releases the threads, waits for them and returns what went wrong.
    func finish(seconds: Double = 60) -> [String] {
        release(seconds: seconds)
        return wait(seconds: seconds)
    }

    private func record(_ failure: String) {
        lock.withLock { failures.append(failure) }
    }
}

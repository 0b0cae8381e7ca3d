import Foundation
import LoansAdapters
import LoansCore
import LoansPostgres
import LoansTestSupport
import Testing

/// Pooled readers (`StoreEngine.readers`), on a real SQLite file and a real PostgreSQL server:
/// sixteen threads read at once from a pool of fewer connections than they are, while one writer
/// keeps writing. Every read sees one snapshot — the summary's counts agree with the loans the
/// same read lists, the newest change is the same at its start and its end, and a thread's later
/// read never sees an older store than its earlier one — and no read fails.
@Suite struct ReaderPoolTests {
    enum Engine: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }

        /// The engine of a fresh store: a file in `folder`, or a new database on the tests' server.
        func location(in folder: TemporaryFolder) throws -> String {
            switch self {
            case .sqlite: folder.file("loans.db")
            case .postgres: try PostgresServer.shared().url(try PostgresServer.shared().createDatabase())
            }
        }

        /// The engine at `location`, for a run that keeps going (a server front).
        func engine(_ location: String) -> any StoreEngine {
            let run = StoreRun(keepsRunning: true) { .tester }
            return switch self {
            case .sqlite: SQLiteEngine(DatabaseLocation(path: SystemPath(location)!, folders: .mustExist), run: run)
            case .postgres: PostgresEngine(location, run: run)
            }
        }
    }

    static let readers = 16
    static let capacity = 6
    static let readsEach = 20
    static let writesAtLeast = 40
    static let policy = DuePolicy(today: Sample.today, window: DueWindow(days: 7)!)

    @Test(arguments: Engine.allCases)
    func sixteenReadersEachSeeOneSnapshotWhileAWriterWrites(_ kind: Engine) throws {
        let folder = try TemporaryFolder()
        let location = try kind.location(in: folder)
        try kind.engine(location).writer().seed((1...300).map { Sample.loan($0, due: Int($0 % 40) - 20) })
        let pool = try kind.engine(location).readers(upTo: ReaderPoolTests.capacity)
        let board = Board()
        let done = DispatchGroup()

        done.enter()
        Thread {
            defer { done.leave() }
            board.noting("the writer") {
                let writer = try kind.engine(location).writer()
                var written = 0
                while written < ReaderPoolTests.writesAtLeast || board.readersLeft > 0 {
                    written += 1
                    // An overdue loan more, and now and then one fewer open loan due soon or later.
                    let id = try writer.add(LoanDraft(
                        title: "Written \(written)", direction: .lent, counterparty: "Ann", lentOn: Sample.day(-10), dueOn: Sample.day(-1)
                    ))
                    if written.isMultiple(of: 3) { _ = try writer.remove(LoanID(Int64(written % 300) + 1)) }
                    board.wrote(id)
                    usleep(2000)  // a steady stream, not a flood that starves the tests running beside this one
                }
            }
        }.start()
        for thread in 0..<ReaderPoolTests.readers {
            done.enter()
            Thread {
                defer {
                    board.readerFinished()
                    done.leave()
                }
                board.noting("reader \(thread)") {
                    var newestSeen: ChangeID?
                    var reads = 0
                    while reads < ReaderPoolTests.readsEach || board.writes < ReaderPoolTests.writesAtLeast {
                        reads += 1
                        let seen = try pool.read(ReaderPoolTests.oneRequest)
                        if let problem = seen.problem { throw PoolProblem("read \(reads): \(problem)") }
                        if let newestSeen, let newest = seen.newest, newest < newestSeen {
                            throw PoolProblem("read \(reads) saw change \(newest) after an earlier read saw \(newestSeen)")
                        }
                        newestSeen = seen.newest
                    }
                }
            }.start()
        }
        #expect(done.wait(timeout: .now() + 180) == .success, "the readers and the writer did not finish within 180 s")
        #expect(board.failures.isEmpty, "\(board.failures)")
        #expect(board.writes >= ReaderPoolTests.writesAtLeast, "the writer wrote \(board.writes) times")
    }

    /// What one request reads, in one snapshot: the summary, the newest change, the returned
    /// loans, every open loan, and the newest change again.
    static func oneRequest(_ reader: any LoanReading) throws -> (newest: ChangeID?, problem: String?) {
        let summary = try AgendaQuery(store: reader).summary(policy)
        let newest = try reader.history?.history(of: nil, limit: 1).first?.id
        var returned = 0
        try reader.returnedLoans(beyond: nil, newestFirst: true, limit: nil) { _ in returned += 1 }
        var overdue = 0
        var dueSoon = 0
        try reader.loans(.open) { loan in
            switch policy.status(of: loan) {
            case .overdue: overdue += 1
            case .dueSoon: dueSoon += 1
            default: break
            }
        }
        let newestAtTheEnd = try reader.history?.history(of: nil, limit: 1).first?.id
        if summary.overdueCount != overdue || summary.dueSoonCount != dueSoon {
            return (newest, "the summary counts \(summary.overdueCount) overdue and \(summary.dueSoonCount) due soon, the list \(overdue) and \(dueSoon)")
        }
        if newestAtTheEnd != newest {
            return (newest, "the newest change moved from \(String(describing: newest)) to \(String(describing: newestAtTheEnd)) within one read")
        }
        return (newest, nil)
    }
}

/// What the threads report: failures, the writer's progress, how many readers still read.
private final class Board: @unchecked Sendable {  // every field is read and written under `lock`
    private let lock = NSLock()
    private var problems: [String] = []
    private var written = 0
    private var left = ReaderPoolTests.readers

    var failures: [String] { lock.withLock { problems } }
    var writes: Int { lock.withLock { written } }
    var readersLeft: Int { lock.withLock { left } }

    func wrote(_ id: LoanID) {
        lock.withLock { written += 1 }
    }

    func readerFinished() {
        lock.withLock { left -= 1 }
    }

    /// Runs `body`, noting what it throws under `who`.
    func noting(_ who: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            lock.withLock { problems.append("\(who): \(error)") }
        }
    }
}

private struct PoolProblem: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

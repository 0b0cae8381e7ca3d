import Foundation
import Glibc
import LoansAdapters
import LoansCore
import LoansTestSupport
import LoansWake
import Testing

/// The SQLite engine's part of the wake loop (`FileChanges`), in the loop: it wakes for a write,
/// a new or replaced file, a folder made later — and stays asleep (a timeout) for everything
/// else: `-shm`, other names in the folder, a reader opening and closing the database, a `-wal`
/// appearing empty. A database file made, replaced or removed, or an empty one getting its first
/// bytes, is news that the store was replaced; a fixture document read whole is replaced by every
/// change.
@Suite struct AgendaChangesTests {
    /// A loop on the files of a database at `path`, or of a document read whole; counts the
    /// times it says the store was replaced.
    final class Watching {
        let loop: WakeLoop
        private(set) var replaced = 0

        init(_ path: String, readWhole: Bool = false) {
            let source = readWhole
                ? FileChanges(data: [SystemPath(path)!], companions: [], readWhole: true)
                : FileChanges(data: [SystemPath(path)!], companions: [SystemPath(path + "-wal")!])
            loop = WakeLoop(today: Today(fixed: nil, window: .standard, clock: StoppedClock(Now(today: Sample.today, utc: UTCTimestamp(date: Sample.today, hour: 12, minute: 0, second: 0)))), sources: [source], zoneFile: nil)
            loop.storeReplaced = { [unowned self] in replaced += 1 }
        }
    }

    func watching(_ path: String) -> Watching {
        Watching(path)
    }

    func write(_ text: String, to path: String, append: Bool = false) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(Glibc.write(descriptor, text, text.utf8.count) == text.utf8.count)
    }

    func wake(_ changes: Watching, within milliseconds: Int = 5000) -> AgendaWake {
        changes.loop.next(input: nil, output: nil, timeoutMilliseconds: milliseconds)
    }

    @Test func nothingHappenedIsATimeout() throws {
        let folder = try TemporaryFolder()
        try write("one", to: folder.file("loans.db"))
        #expect(wake(watching(folder.file("loans.db")), within: 1500) == .timeout)
    }

    @Test func aWriteANewFileAndAReplacementWakeIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("loans.db")
        let changes = watching(path)
        try write("created", to: path)
        #expect(wake(changes) == .answerMayHaveChanged)
        try write("frames", to: path + "-wal")
        #expect(wake(changes) == .answerMayHaveChanged, "the -wal's frames")
        try write("more frames", to: path + "-wal", append: true)
        #expect(wake(changes) == .answerMayHaveChanged, "a write to the -wal watched since it appeared")
        try write("other file", to: folder.file("new"))
        #expect(rename(folder.file("new"), path) == 0)
        #expect(wake(changes) == .answerMayHaveChanged)
        try write("written to the replacement", to: path, append: true)
        #expect(wake(changes) == .answerMayHaveChanged, "the replacement is watched, not the old file")
        #expect(unlink(path) == 0)
        #expect(wake(changes) == .answerMayHaveChanged, "a removed database reads as empty")
        #expect(wake(changes, within: 1500) == .timeout)
    }

    @Test func aBurstOfEventsIsOneWake() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("loans.db")
        try write("", to: path)
        let changes = watching(path)
        for round in 0..<5 { try write("frame \(round)", to: path + "-wal", append: true) }
        #expect(wake(changes) == .answerMayHaveChanged)
        #expect(wake(changes, within: 1000) == .timeout)
    }

    @Test func otherNamesTheShmAndAnEmptyWalNeverWakeIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("loans.db")
        try write("db", to: path)
        try write("", to: path + "-wal")
        let changes = watching(path)
        try write("index", to: path + "-shm")
        try write("x", to: folder.file("loans.db.reminders-lock"))
        try write("x", to: folder.file("notes.txt"))
        #expect(rename(folder.file("notes.txt"), folder.file("notes.old")) == 0)
        let wal = open(path + "-wal", O_RDWR | O_CREAT, 0o600)
        #expect(wal >= 0)
        close(wal)
        #expect(wake(changes, within: 1500) == .timeout, "a -wal opened read-write and closed unwritten, as by a reader")
        #expect(unlink(path + "-wal") == 0)
        #expect(wake(changes, within: 1000) == .timeout)
        try write("", to: path + "-wal")
        #expect(wake(changes, within: 1000) == .timeout, "an empty -wal made")
    }

    /// The watcher's own front reads between waits: a read-only connection opening and closing
    /// the database must not wake it (else it would read again and again).
    @Test func readingTheDatabaseDoesNotWakeIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("loans.db")
        try LoanDatabase.writer(at: SystemPath(path)!, author: .tester).seed(Sample.loans)
        let first = try LoanDatabase.reader(at: SystemPath(path)!)
        _ = try first.loan(LoanID(1))
        #expect(FileManager.default.fileExists(atPath: path + "-wal"), "a reader made the -wal, and it stays while the reader is open")
        let changes = watching(path)
        for _ in 0..<3 {
            let reader = try LoanDatabase.reader(at: SystemPath(path)!)
            #expect(try AgendaQuery(store: reader).summary(DuePolicy(today: Sample.today, window: .standard)).overdueCount == 3)
        }
        #expect(wake(changes, within: 1500) == .timeout)
        let writer = try LoanDatabase.writer(at: SystemPath(path)!, author: .tester)
        try writer.remove(LoanID(1))
        #expect(wake(changes) == .answerMayHaveChanged, "another connection's write")
    }

    @Test func aDatabaseInAFolderMadeLaterWakesIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data/loans/loans.db")
        let changes = watching(path)
        try FileManager.default.createDirectory(atPath: folder.file("data/loans"), withIntermediateDirectories: true)
        while wake(changes, within: 1000) == .answerMayHaveChanged {}
        try write("created", to: path)
        #expect(wake(changes) == .answerMayHaveChanged)
    }

    /// A connection opened on the database reads the file it opened: the loop says the store
    /// was replaced when the file appears, is replaced or removed, or an empty file gets its
    /// first bytes — never for a write to the same file.
    @Test func aNewOrReplacedDatabaseIsAReplacedStore() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("loans.db")
        let changes = watching(path)
        try write("", to: path)
        #expect(wake(changes) == .answerMayHaveChanged)
        #expect(changes.replaced == 1, "an empty file made")
        try write("tables", to: path, append: true)
        #expect(wake(changes) == .answerMayHaveChanged)
        #expect(changes.replaced == 2, "the empty file's first bytes")
        try write("frames", to: path + "-wal")
        #expect(wake(changes) == .answerMayHaveChanged)
        try write("rows", to: path, append: true)
        #expect(wake(changes) == .answerMayHaveChanged)
        #expect(changes.replaced == 2, "writes to the same file")
        try write("another database", to: folder.file("new"))
        #expect(rename(folder.file("new"), path) == 0)
        #expect(wake(changes) == .answerMayHaveChanged)
        #expect(changes.replaced == 3, "a file moved over it")
        #expect(unlink(path) == 0)
        #expect(wake(changes) == .answerMayHaveChanged)
        #expect(changes.replaced == 4, "removed")
    }

    @Test func everyChangeReplacesADocumentReadWhole() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("fixture.json")
        try write("{}", to: path)
        let changes = Watching(path, readWhole: true)
        try write("{ }", to: path)
        #expect(wake(changes) == .answerMayHaveChanged)
        #expect(changes.replaced == 1)
    }
}

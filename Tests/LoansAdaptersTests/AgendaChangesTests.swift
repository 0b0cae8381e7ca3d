import Foundation
import Glibc
import LoansAdapters
import LoansCore
import LoansTestSupport
import Testing

/// The live-agenda port by events: it wakes for a write, a new or replaced file, a folder made
/// later, a new day after the zone changed, input on the front's descriptor and its output
/// losing its reader — and stays asleep (a timeout) for everything else: `-shm`, other names in
/// the folder, a reader opening and closing the database, a `-wal` appearing empty.
@Suite struct AgendaChangesTests {
    /// A clock whose day the test moves.
    final class MovableClock: Clock, @unchecked Sendable {
        var day = CivilDate(iso: "2026-11-29")!
        func now() -> Now { Now(today: day, utc: UTCTimestamp(date: day, hour: 12, minute: 0, second: 0)) }
    }

    func watching(_ path: String, clock: MovableClock = MovableClock(), zone: String? = nil) -> InotifyAgendaChanges {
        InotifyAgendaChanges(
            data: [SystemPath(path)!], companions: [SystemPath(path + "-wal")!], today: Today(fixed: nil, window: .standard, clock: clock),
            zoneFile: zone.flatMap(SystemPath.init)
        )
    }

    func write(_ text: String, to path: String, append: Bool = false) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(Glibc.write(descriptor, text, text.utf8.count) == text.utf8.count)
    }

    func wake(_ changes: InotifyAgendaChanges, within milliseconds: Int = 5000) -> AgendaWake {
        changes.next(input: nil, output: nil, timeoutMilliseconds: milliseconds)
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

    /// The zone file is a link, as `/etc/localtime` usually is: replacing the link (as
    /// `timedatectl` does) or writing the zone it names makes the watcher look at the day; other
    /// files in its folder never wake it.
    @Test func aNewZoneWakesItOnlyWhenTheDayMoved() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("etc"), withIntermediateDirectories: false)
        try write("zone A", to: folder.file("A"))
        try write("zone B", to: folder.file("B"))
        let zone = folder.file("etc/localtime")
        #expect(symlink(folder.file("A"), zone) == 0)
        let clock = MovableClock()
        let changes = watching(folder.file("loans.db"), clock: clock, zone: zone)
        try write("x", to: folder.file("etc/hosts"))
        #expect(rename(folder.file("etc/hosts"), folder.file("etc/hosts.old")) == 0)
        #expect(wake(changes, within: 1000) == .timeout, "other files beside the zone")
        #expect(symlink(folder.file("B"), folder.file("etc/localtime.new")) == 0)
        #expect(rename(folder.file("etc/localtime.new"), zone) == 0)
        #expect(wake(changes, within: 1000) == .timeout, "a new zone, the same day")
        clock.day = clock.day.adding(days: 1)!
        try write("zone B, new rules", to: folder.file("B"), append: true)
        #expect(wake(changes) == .answerMayHaveChanged, "the zone the new link names changed, and with it the day")
        clock.day = clock.day.adding(days: 1)!
        #expect(unlink(zone) == 0)
        #expect(symlink(folder.file("A"), zone) == 0)
        #expect(wake(changes) == .answerMayHaveChanged, "the link replaced by unlink and symlink")
    }

    @Test func inputAndAClosedOutputWakeItAtOnce() throws {
        let folder = try TemporaryFolder()
        let changes = watching(folder.file("loans.db"))
        var input: [Int32] = [-1, -1]
        #expect(pipe(&input) == 0)
        defer { close(input[0]) }
        #expect(Glibc.write(input[1], "k", 1) == 1)
        #expect(changes.next(input: input[0], output: nil, timeoutMilliseconds: 60_000) == .input)
        close(input[1])
        var output: [Int32] = [-1, -1]
        #expect(pipe(&output) == 0)
        defer { close(output[1]) }
        close(output[0])
        #expect(changes.next(input: nil, output: output[1], timeoutMilliseconds: 60_000) == .outputClosed)
    }
}

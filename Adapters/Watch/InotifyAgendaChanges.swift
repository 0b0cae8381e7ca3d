import CLinux
import Glibc
import LoansCore
import LoansWake

/// The live-agenda port by events, for the SQLite database (its file and `-wal`) or a fixture
/// document: inotify tells of a write, a new or replaced file; a timer wakes it at the next local
/// midnight and when the clock is set; a change of the zone file makes it look at the day again.
/// After a write it reads again once, about 20 ms later (SQLite updates the WAL index after
/// writing the frames, and a write comes as several events). Idle, it sleeps in one `poll(2)`
/// with no timeout: no wake-ups at all until something happens. Where the kernel refuses inotify
/// or a watch, it falls back to comparing the files once a second.
package final class InotifyAgendaChanges: AgendaChanges {
    /// How long after the first event of a write the answer is read again.
    static let settleMilliseconds = 20
    /// How often the files are compared when inotify is not available.
    static let fallbackMilliseconds = 1000

    private let today: Today
    private let watches: FileWatches
    private let timer = MidnightTimer()
    private let files: [SystemPath]
    private var signatures: [FileSignature]
    private var day: CivilDate
    /// When a change seen is to be reported (monotonic milliseconds), if one is pending.
    private var reportAt: Int?

    /// Watches `data` files (a database, or a fixture) and their `companions` (the `-wal`), and
    /// the day as `today` reads it; `zoneFile` is where the system's time zone is kept.
    package init(data: [SystemPath], companions: [SystemPath], today: Today, zoneFile: SystemPath? = SystemPath("/etc/localtime")) {
        self.today = today
        watches = FileWatches(data: data, companions: companions, zoneFile: zoneFile)
        files = data + companions
        signatures = files.map(FileSignature.init(path:))
        day = today.now().today
    }

    package func next(input: Int32?, output: Int32?, timeoutMilliseconds: Int?) -> AgendaWake {
        let deadline = timeoutMilliseconds.map { MonotonicClock.milliseconds() + $0 }
        while true {
            let now = MonotonicClock.milliseconds()
            if let reportAt, reportAt <= now {
                self.reportAt = nil
                return .answerMayHaveChanged
            }
            if let deadline, deadline <= now { return .timeout }
            let polling = !watches.complete || timer.descriptor < 0
            let limits = [reportAt, deadline, polling ? now + InotifyAgendaChanges.fallbackMilliseconds : nil].compactMap { $0 }
            let wait = limits.min().map { Int32(max(0, $0 - now)) } ?? -1
            var descriptors: [pollfd] = []
            for (descriptor, events) in [(input, POLLIN), (output, 0), (watches.descriptor, POLLIN), (timer.descriptor, POLLIN)] {
                if let descriptor, descriptor >= 0 { descriptors.append(pollfd(fd: descriptor, events: Int16(events), revents: 0)) }
            }
            let ready = InotifyAgendaChanges.waitAllowingResize(&descriptors, milliseconds: wait)
            if ready < 0 {
                if errno == EINTR, input != nil { return .input }
                continue
            }
            func isReady(_ descriptor: Int32?) -> Bool {
                descriptors.contains { $0.fd == descriptor && $0.revents != 0 }
            }
            if let output, isReady(output) { return .outputClosed }
            if let input, isReady(input) { return .input }
            if isReady(watches.descriptor) {
                let outcome = watches.drain()
                if outcome.dataChanged { noteWrite() }
                if outcome.zoneChanged {
                    tzset()
                    timer.arm()
                    checkDay()
                }
            }
            if isReady(timer.descriptor) {
                timer.acknowledge()
                checkDay()
            }
            if polling { comparePolled() }
        }
    }

    /// `poll`, with SIGWINCH let through for the wait only (`ppoll`): a front that blocks the
    /// resize signal outside its waits (the TUI) then learns of every resize as `.input`, even
    /// one that comes while it draws.
    static func waitAllowingResize(_ descriptors: inout [pollfd], milliseconds: Int32) -> Int32 {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        sigdelset(&mask, SIGWINCH)
        return loans_ppoll(&descriptors, UInt(descriptors.count), milliseconds, &mask)
    }

    /// A write was seen: report it once the settle time has passed (later events join it).
    private func noteWrite() {
        if reportAt == nil { reportAt = MonotonicClock.milliseconds() + InotifyAgendaChanges.settleMilliseconds }
    }

    /// Reports at once when the civil day is no longer the one of the last look.
    private func checkDay() {
        let current = today.now().today
        guard current != day else { return }
        day = current
        reportAt = MonotonicClock.milliseconds()
    }

    /// Without inotify (or a timer): the files' signatures and the day, compared.
    private func comparePolled() {
        let now = files.map(FileSignature.init(path:))
        if now != signatures { noteWrite() }
        signatures = now
        if !watches.complete { watches.arm() }
        checkDay()
    }
}

/// What `stat` says about a file, enough to notice a write or a replacement without inotify:
/// inode, size and modification time (all zero when the file does not exist).
struct FileSignature: Equatable {
    var inode: UInt = 0
    var size: Int = -1
    var seconds: Int = 0
    var nanoseconds: Int = 0

    init(path: SystemPath) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return }
        inode = UInt(info.st_ino)
        size = Int(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }
}

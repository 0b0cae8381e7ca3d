import Glibc
import LoansCore

/// The live-agenda port by polling: once a second it compares the stat signature (inode, size,
/// modification time) of the watched files — the database and its `-wal`, or a fixture
/// document — and asks `Today` for the day. In between it sleeps in `poll(2)` on the front's
/// input, so a key wakes it at once and an idle front costs one wake-up a second.
public final class PollingAgendaChanges: AgendaChanges {
    /// How often the files and the day are checked.
    static let intervalMilliseconds = 1000

    private let paths: [String]
    private let today: Today
    private var signatures: [FileSignature]
    private var day: CivilDate

    public init(watching paths: [String], today: Today) {
        self.paths = paths
        self.today = today
        signatures = paths.map(FileSignature.init(path:))
        day = today.now().today
    }

    public func next(input: Int32?, output: Int32?, timeoutMilliseconds: Int?) -> AgendaWake {
        let deadline = timeoutMilliseconds.map { MonotonicClock.milliseconds() + $0 }
        while true {
            var wait = PollingAgendaChanges.intervalMilliseconds
            if let deadline {
                let remaining = deadline - MonotonicClock.milliseconds()
                guard remaining > 0 else { return .timeout }
                wait = min(wait, remaining)
            }
            if let wake = DescriptorWait.wait(input: input, output: output, milliseconds: wait) { return wake }
            if changed() { return .answerMayHaveChanged }
        }
    }

    /// Whether a watched file or the day differs from the last check.
    private func changed() -> Bool {
        let now = paths.map(FileSignature.init(path:))
        let currentDay = today.now().today
        defer {
            signatures = now
            day = currentDay
        }
        return now != signatures || currentDay != day
    }
}

/// What `stat` says about a file, enough to notice a write or a replacement: inode, size and
/// modification time (all zero when the file does not exist).
struct FileSignature: Equatable {
    var inode: UInt = 0
    var size: Int = -1
    var seconds: Int = 0
    var nanoseconds: Int = 0

    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        inode = UInt(info.st_ino)
        size = Int(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }
}

/// Sleeps in `poll(2)` on a front's input (readable, hung up, or a signal such as a resize) and
/// its output (the reader went away: only errors and hang-ups, never "writable").
enum DescriptorWait {
    static func wait(input: Int32?, output: Int32?, milliseconds: Int) -> AgendaWake? {
        var descriptors: [pollfd] = []
        if let input { descriptors.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
        if let output { descriptors.append(pollfd(fd: output, events: 0, revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(milliseconds))
        if ready < 0 { return input != nil && errno == EINTR ? .input : nil }
        guard ready > 0 else { return nil }
        if let output, descriptors.contains(where: { $0.fd == output && $0.revents != 0 }) { return .outputClosed }
        return .input
    }
}

/// Milliseconds on the monotonic clock, for deadlines that a change of the wall clock cannot move.
enum MonotonicClock {
    static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }
}

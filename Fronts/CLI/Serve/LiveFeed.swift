import Glibc
import LoansCore
import LoansThreads
import LoansWeb

/// The one thread that waits for the store to change on behalf of every open page: it waits on
/// the store's change notifications (inotify on a database file, LISTEN/NOTIFY on a server, and
/// the midnight timer) and tells the web front, which sends one event to each page. It wakes
/// only when something changed; `stop` ends it.
final class LiveFeed: @unchecked Sendable {  // `changes` is used by the feed's thread alone; `stopping` is a pipe
    private let changes: any AgendaChanges
    private let stopping: (read: Int32, write: Int32)

    init?(changes: any AgendaChanges, box: FrontBox) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.changes = changes
        stopping = (ends[0], ends[1])
        guard DetachedThread.start({ [self] in run(box) }) else {
            close(ends[0])
            close(ends[1])
            return nil
        }
    }

    private func run(_ box: FrontBox) {
        while true {
            switch changes.next(input: stopping.read, output: nil, timeoutMilliseconds: nil) {
            case .answerMayHaveChanged: box.front?.live.changed()
            case .input: return
            case .outputClosed, .timeout: continue
            }
        }
    }

    /// Ends the thread (it notices at once).
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopping.write, &byte, 1)
    }
}

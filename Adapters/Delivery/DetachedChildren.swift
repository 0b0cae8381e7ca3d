import Glibc
import Synchronization

/// The detached children this process started and has not collected yet — refresh hooks, a
/// click's terminal or notification. Only these are ever waited for, so loans never takes the
/// exit status of a child it did not start (a test runner's, say, which `waitpid(-1)` would
/// steal); a long-running TUI still leaves no zombies.
final class DetachedChildren: Sendable {
    static let shared = DetachedChildren()
    private let pids = Mutex<[pid_t]>([])

    private init() {}

    func add(_ pid: pid_t) {
        pids.withLock { $0.append(pid) }
    }

    /// Collects the children that have finished.
    func reapFinished() {
        pids.withLock { pids in
            pids.removeAll { pid in
                var status: Int32 = 0
                return waitpid(pid, &status, WNOHANG) != 0
            }
        }
    }
}

import Glibc

/// The detached children this process started and has not collected yet — refresh hooks, a
/// click's terminal or notification. Only these are ever waited for, so loans never takes the
/// exit status of a child it did not start (a test runner's, say, which `waitpid(-1)` would
/// steal); a long-running TUI still leaves no zombies.
final class DetachedChildren: @unchecked Sendable {
    static let shared = DetachedChildren()
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var pids: [pid_t] = []

    private init() {
        pthread_mutex_init(lock, nil)
    }

    func add(_ pid: pid_t) {
        pthread_mutex_lock(lock)
        pids.append(pid)
        pthread_mutex_unlock(lock)
    }

    /// Collects the children that have finished.
    func reapFinished() {
        pthread_mutex_lock(lock)
        pids.removeAll { pid in
            var status: Int32 = 0
            return waitpid(pid, &status, WNOHANG) != 0
        }
        pthread_mutex_unlock(lock)
    }
}

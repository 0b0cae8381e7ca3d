import Glibc

/// A fixed number of threads that run the jobs handed to them, with a short wait list: for work
/// that must not run on the thread that hands it over (a password's check, kept off a server's
/// request threads). At most `threads` jobs run at once and `waiting` more wait, in order; a job
/// past them is refused at once, so a flood is turned away instead of piling up. Idle threads
/// sleep until a job comes; they start with every signal blocked (`DetachedThread`).
package final class WorkQueue: @unchecked Sendable {  // `jobs`, `running`, `alive`, `stopping` are guarded by `monitor`
    private let monitor = Monitor()
    private let waiting: Int
    private var jobs: [@Sendable () -> Void] = []
    private var running = 0
    private var alive = 0
    private var stopping = false

    /// The processors online (at least one), which a queue's size is made from.
    package static var processors: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Starts `threads` threads (at least one); nil when the system gives fewer (those started end).
    package init?(threads: Int, waiting: Int) {
        self.waiting = waiting
        for _ in 0..<max(1, threads) {
            monitor.locked { alive += 1 }
            guard DetachedThread.start({ [self] in work() }) else {
                monitor.locked { alive -= 1 }
                stop()
                return nil
            }
        }
    }

    /// Queues `job`; false — and `job` never runs — when every thread has a job and `waiting`
    /// more wait, or once the queue is stopped.
    package func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        monitor.locked {
            guard !stopping, running + jobs.count < alive + waiting else { return false }
            jobs.append(job)
            monitor.wakeAll()
            return true
        }
    }

    /// Lets the jobs running finish, drops the ones waiting, and ends the threads; returns once
    /// they have ended.
    package func stop() {
        monitor.locked {
            stopping = true
            jobs = []
            monitor.wakeAll()
            while alive > 0 { _ = monitor.wait(until: nil) }
        }
    }

    /// One thread: takes the oldest job, runs it, and again, until the queue stops.
    private func work() {
        while let job = next() {
            job()
            monitor.locked { running -= 1 }
        }
        monitor.locked {
            alive -= 1
            monitor.wakeAll()
        }
    }

    private func next() -> (@Sendable () -> Void)? {
        monitor.locked {
            while jobs.isEmpty, !stopping { _ = monitor.wait(until: nil) }
            guard !stopping else { return nil }
            running += 1
            return jobs.removeFirst()
        }
    }
}

import Glibc

/// What a run must not leave behind however it ends: files it is still writing (a database being
/// built aside, the next copy of a feed), the `--demo` database and its folder, and the process
/// group of a program it waits for (a delivery). Each is registered while it exists and forgotten
/// once it is done with (`forget`, or `remove` to remove it now). As the run exits after a failed
/// output everything registered is removed (`perform`); on a signal that ends the run and that a process can catch, a handler kills the
/// registered process groups, removes the files and folders, and then dies of the same signal,
/// so the caller still sees it (130 after Ctrl-C, 143 after a TERM, 141 on a closed pipe). The
/// handler only calls `kill`, `waitpid`, `unlink`, `rmdir`, `signal` and `raise` on values made
/// beforehand: all async-signal-safe. A signal the run was started with ignored (`nohup`,
/// `trap '' PIPE`) stays ignored.
package enum RunCleanup {
    /// The signals that end a run by default and that a process can catch: the terminal's and
    /// `kill`'s, a closed pipe, the user's own and the timers' and limits'. (SIGXFSZ is ignored by
    /// the program, so a write past `ulimit -f` fails instead.)
    package static let endingSignals: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, SIGPWR,
    ]

    /// Room for the registered paths (as NUL-terminated copies, an empty slot nil) and groups.
    private static let capacity = 32
    nonisolated(unsafe) private static let files = slots()
    nonisolated(unsafe) private static let folders = slots()
    nonisolated(unsafe) private static let groups: UnsafeMutablePointer<pid_t> = {
        let groups = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        groups.initialize(repeating: 0, count: capacity)
        return groups
    }()
    nonisolated(unsafe) private static var handling = false
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// Runs `body` with the ending signals blocked: a signal arriving meanwhile is handled right
    /// after, once what `body` makes is registered (or forgotten) — so none can slip between
    /// making a file and registering it.
    package static func withEndingSignalsBlocked<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        try SignalSet(endingSignals).blocked(body)
    }

    /// Installs the signal handlers now, before anything else installs one: the process's own
    /// run calls it first, so a handler installed later (the TUI's, which gives the terminal back)
    /// puts this one back when it is done and the cleanup still runs. Registering installs them
    /// too, for a run that did not call this.
    package static func installEarly() {
        changing { installHandlers() }
    }

    /// Removes `newFiles`, then `newFolders`, when the run ends, until they are forgotten; installs
    /// the signal handlers. Call with the ending signals blocked.
    package static func register(files newFiles: [SystemPath], folders newFolders: [SystemPath] = []) {
        changing {
            for path in newFiles { store(path, in: files) }
            for path in newFolders { store(path, in: folders) }
            installHandlers()
        }
    }

    /// Stops removing `paths` (they were moved into place).
    package static func forget(files paths: [SystemPath]) {
        changing { drop(paths, from: files) }
    }

    /// Removes `paths`, then `folders`, now, and forgets them.
    package static func remove(files paths: [SystemPath], folders: [SystemPath] = []) {
        changing {
            for path in paths { try? path.removeFile() }
            for folder in folders { try? folder.removeFolder() }
            drop(paths, from: files)
            drop(folders, from: self.folders)
        }
    }

    /// Kills the process group `group` (a program loans waits for, in a group of its own, and
    /// whatever it started) if the run is ended by a signal, until it is forgotten. Call with the
    /// ending signals blocked, right after starting it.
    package static func register(processGroup group: pid_t) {
        changing {
            if let index = (0..<capacity).first(where: { groups[$0] == 0 }) { groups[index] = group }
            installHandlers()
        }
    }

    /// Stops killing `group` (the program ended and was waited for).
    package static func forget(processGroup group: pid_t) {
        changing {
            for index in 0..<capacity where groups[index] == group { groups[index] = 0 }
        }
    }

    /// Removes everything registered, as the run ends (before `exit`); safe to call again.
    package static func perform() {
        changing { removeRegistered() }
    }

    /// Runs `body`, which changes what is registered, with the ending signals blocked and the
    /// lock held: threads that register at once (tests run many commands in one process) take
    /// turns. The handler never takes the lock, so it cannot wait for it.
    private static func changing(_ body: () -> Void) {
        withEndingSignalsBlocked {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            body()
        }
    }

    private static func drop(_ paths: [SystemPath], from slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        for path in paths {
            for index in 0..<capacity {
                guard let slot = slots[index], path.withCString({ strcmp($0, slot) }) == 0 else { continue }
                slots[index] = nil
                free(slot)
            }
        }
    }

    private static func slots() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }

    private static func store(_ path: SystemPath, in slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        guard let index = (0..<capacity).first(where: { slots[$0] == nil }) else { return }
        slots[index] = path.withCString { strdup($0) }
    }

    private static func installHandlers() {
        guard !handling else { return }
        handling = true
        for number in endingSignals where !isIgnored(number) {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = endAndReraise
            sigemptyset(&action.sa_mask)
            for other in endingSignals { sigaddset(&action.sa_mask, other) }
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    /// Whether the run was started with `number` ignored.
    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Kills and reaps the registered groups' leaders. Async-signal-safe.
    fileprivate static func killRegistered() {
        for index in 0..<capacity where groups[index] > 0 {
            kill(-groups[index], SIGKILL)
            waitpid(groups[index], nil, 0)
            groups[index] = 0
        }
    }

    /// Unlinks and removes what is registered, then forgets it. Async-signal-safe (what it
    /// forgets is freed only outside a handler, by `forget`, so here it is only dropped).
    fileprivate static func removeRegistered() {
        for index in 0..<capacity {
            if let path = files[index] { unlink(path) }
            files[index] = nil
        }
        for index in 0..<capacity {
            if let path = folders[index] { rmdir(path) }
            folders[index] = nil
        }
    }
}

/// The ending signals' handler: ends the registered programs, removes the registered files, then
/// dies of the same signal.
private let endAndReraise: @convention(c) (Int32) -> Void = { number in
    RunCleanup.killRegistered()
    RunCleanup.removeRegistered()
    signal(number, SIG_DFL)
    raise(number)
}

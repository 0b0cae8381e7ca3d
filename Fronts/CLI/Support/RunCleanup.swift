import Glibc
import LoansAdapters

/// Files a run must not leave behind however it ends (the `--demo` database and its folder):
/// removed on a normal end, on an error, on a failed output, and from a signal handler for
/// SIGINT, SIGTERM, SIGHUP, SIGPIPE and SIGQUIT, which then dies of the same signal, so the
/// caller still sees it (130 after Ctrl-C, 141 on a closed pipe). The handler only calls
/// `unlink`, `rmdir`, `signal` and `raise` on C strings made beforehand: all async-signal-safe.
/// A signal the run was started with ignored (`nohup`, `trap '' PIPE`) stays ignored.
enum RunCleanup {
    /// The signals that end a run and that a process can catch.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT]

    /// Room for the registered paths: files first, then folders, as NUL-terminated copies.
    private static let capacity = 16
    nonisolated(unsafe) private static let files = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    nonisolated(unsafe) private static let folders = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var fileCount = 0
    nonisolated(unsafe) private static var folderCount = 0
    nonisolated(unsafe) private static var handling = false

    /// Runs `body` with the ending signals blocked: a signal arriving meanwhile is handled right
    /// after, once the paths `body` registers can be removed.
    static func withEndingSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        try SignalSet(endingSignals).blocked(body)
    }

    /// Removes `files`, then `folders`, when the run ends; installs the signal handlers. Call with
    /// the ending signals blocked.
    static func register(files newFiles: [SystemPath], folders newFolders: [SystemPath]) {
        for path in newFiles where fileCount < capacity {
            files[fileCount] = path.withCString { strdup($0) }
            fileCount += 1
        }
        for path in newFolders where folderCount < capacity {
            folders[folderCount] = path.withCString { strdup($0) }
            folderCount += 1
        }
        installHandlers()
    }

    /// Removes what was registered (once); safe to call again and from the signal handler.
    static func perform() {
        withEndingSignalsBlocked { removeRegistered() }
    }

    private static func installHandlers() {
        guard !handling else { return }
        handling = true
        for number in endingSignals where !isIgnored(number) {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeAndReraise
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

    /// Unlinks and removes what is registered, then forgets it. Async-signal-safe.
    fileprivate static func removeRegistered() {
        for index in 0..<fileCount {
            if let path = files[index] { unlink(path) }
        }
        for index in 0..<folderCount {
            if let path = folders[index] { rmdir(path) }
        }
        fileCount = 0
        folderCount = 0
    }
}

/// The ending signals' handler: removes the registered files, then dies of the same signal.
private let removeAndReraise: @convention(c) (Int32) -> Void = { number in
    RunCleanup.removeRegistered()
    signal(number, SIG_DFL)
    raise(number)
}

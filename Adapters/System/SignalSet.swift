import Glibc

/// A set of signals (`sigset_t`) and the masks made of it: which signals a thread blocks.
package struct SignalSet {
    fileprivate(set) var raw = sigset_t()

    package init(_ numbers: [Int32]) {
        sigemptyset(&raw)
        for number in numbers { sigaddset(&raw, number) }
    }

    package func contains(_ number: Int32) -> Bool {
        withUnsafePointer(to: raw) { sigismember($0, number) == 1 }
    }

    /// The signals a status bar or a terminal stops a running command with.
    package static var stopping: SignalSet { SignalSet([SIGTERM, SIGINT, SIGHUP, SIGPIPE]) }

    /// The signals the calling thread blocks now.
    static var blockedNow: SignalSet {
        var set = SignalSet([])
        pthread_sigmask(SIG_BLOCK, nil, &set.raw)
        return set
    }

    /// Runs `body` with these signals blocked in the calling thread (a signal that comes
    /// meanwhile waits), then puts the mask back as it was, so the signal is handled then.
    package func blocked<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        var previous = sigset_t()
        withUnsafePointer(to: raw) { _ = pthread_sigmask(SIG_BLOCK, $0, &previous) }
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Blocks these signals in the calling thread until `unblock`.
    func block() {
        withUnsafePointer(to: raw) { _ = pthread_sigmask(SIG_BLOCK, $0, nil) }
    }

    /// Unblocks these signals in the calling thread.
    package func unblock() {
        withUnsafePointer(to: raw) { _ = pthread_sigmask(SIG_UNBLOCK, $0, nil) }
    }
}

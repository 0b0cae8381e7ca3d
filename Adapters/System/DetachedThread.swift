import Glibc

/// A thread of its own for a piece of work nobody joins (the caller waits for its outcome, if at
/// all, through a `Monitor`, and may stop waiting): it ends when the work returns. It starts with
/// every signal blocked, so the process's signals (an ending signal, a terminal's resize) still
/// reach the threads that wait for them.
package enum DetachedThread {
    /// Starts `work` on a new detached thread; false when the system refused one (the caller
    /// then does the work itself).
    package static func start(_ work: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var all = sigset_t()
        var kept = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &kept)  // the new thread inherits the mask
        defer { pthread_sigmask(SIG_SETMASK, &kept, nil) }
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            work.run()
            return nil
        }, context) == 0
        if !started { Unmanaged<Work>.fromOpaque(context).release() }
        return started
    }

    /// The work, boxed to cross into the new thread as one pointer.
    private final class Work: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}

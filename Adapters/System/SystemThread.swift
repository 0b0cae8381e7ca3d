import CLinux
import Glibc

/// A thread of loans' own that its starter joins (the HTTP server's workers and its hang-up
/// watch), named for `ps -L`. The server never lets libmicrohttpd start threads: in the shipped,
/// statically linked binary the library is loaded with dlopen and brings its own copy of libc,
/// whose pthread_create cannot make a thread there; the library is run instead in its "external
/// polling" mode from threads made here. (A thread nobody joins is a `DetachedThread`.)
package final class SystemThread: @unchecked Sendable {  // `thread` is written once, before anyone joins
    private var thread = pthread_t()
    private var joined = false

    /// Starts `body` on a new thread named `name` (15 bytes at most: `ps -L` shows it) that
    /// blocks every signal, so SIGTERM and the like always reach the program's own threads; nil
    /// if the system refuses a thread (out of threads or memory).
    package init?(named name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body {
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            _ = loans_name_thread(name)
            body()
        }).toOpaque()
        let started = pthread_create(&thread, nil, { argument in
            Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return nil
        }
    }

    /// Waits for the thread to end (once).
    package func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

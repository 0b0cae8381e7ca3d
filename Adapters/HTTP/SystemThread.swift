import CMicroHTTPD
import Glibc

/// A thread loans starts itself with pthread_create. The server never lets libmicrohttpd start
/// threads: in the shipped, statically linked binary the library is loaded with dlopen and
/// brings its own copy of libc, whose pthread_create cannot make a thread there; the library is
/// run instead in its "external polling" mode from threads made here.
final class SystemThread: @unchecked Sendable {  // `thread` is written once, before anyone joins
    private var thread = pthread_t()
    private var joined = false

    /// Starts `body` on a new thread named `name` (15 bytes at most: `ps -L` shows it) that
    /// blocks every signal, so SIGTERM and the like always reach the program's own threads; nil
    /// if the system refuses a thread (out of threads or memory).
    init?(named name: String, _ body: @escaping @Sendable () -> Void) {
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
    func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

/// An eventfd: one thread writes to wake another that polls it.
struct Doorbell: @unchecked Sendable {  // a descriptor, shared on purpose
    let descriptor: Int32

    init?() {
        descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { return nil }
    }

    func ring() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Takes the rings so far (the descriptor stops being readable).
    func answer() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}

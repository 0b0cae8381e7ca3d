import Glibc

/// What a process does to itself as a whole: how it treats a file-size limit, and how it ends.
package enum ProcessControl {
    /// A file-size limit (ulimit -f) ends a write with an error (EFBIG), not the process
    /// (SIGXFSZ ignored).
    package static func ignoreFileSizeSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Ends the process with `status`, flushing the C streams and running `atexit` handlers.
    package static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }
}

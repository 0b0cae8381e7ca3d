import Glibc

/// The attributes of a child loans starts (a delivery program, the refresh hook): every signal
/// back at its default and none blocked, whatever loans itself ignores or blocks, and a process
/// group or session of its own so that a terminal's signals, or a kill of the group on a
/// deadline, reach it alone.
package struct CleanSpawn {
    /// Where the child lives apart from loans.
    package enum Apart {
        /// Its own process group (loans can kill the whole group at a deadline).
        case group
        /// Its own session (detached: a terminal's hang-up never reaches it).
        case session
    }

    /// glibc's POSIX_SPAWN_SETSID (2.26+), which Swift does not import without _GNU_SOURCE.
    private static let spawnNewSession: Int32 = 0x80

    package let apart: Apart

    package init(apart: Apart) {
        self.apart = apart
    }

    /// Starts the program at `path` with `arguments` and `environment` (each a NULL-terminated
    /// array of C strings; the program's name first among the arguments) and the descriptors
    /// `actions` set up: its pid. It is never a shell: the arguments reach it as given.
    package func spawn(
        _ path: UnsafePointer<CChar>, _ actions: inout posix_spawn_file_actions_t,
        arguments: [UnsafeMutablePointer<CChar>?], environment: UnsafePointer<UnsafeMutablePointer<CChar>?>
    ) throws(Errno) -> pid_t {
        var pid = pid_t()
        let code = with { posix_spawn(&pid, path, &actions, &$0, arguments, environment) }
        guard code == 0 else { throw Errno(rawValue: code) }
        return pid
    }

    /// Runs `body` with the attributes made for `apart`, destroyed afterwards.
    private func with<T>(_ body: (inout posix_spawnattr_t) throws -> T) rethrows -> T {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let own = apart == .group ? POSIX_SPAWN_SETPGROUP : CleanSpawn.spawnNewSession
        posix_spawnattr_setflags(&attributes, Int16(own | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        if apart == .group { posix_spawnattr_setpgroup(&attributes, 0) }
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        return try body(&attributes)
    }
}

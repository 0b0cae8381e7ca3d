import Glibc

/// What every child a test starts gets, whichever helper starts it: no signal blocked (the
/// test runner's threads block nearly all), every signal at its default, and no descriptor but
/// 0, 1 and 2. Without the last, a child started while a test was writing a file (say a
/// refresh hook) would keep that file open for writing, and running it would then fail with
/// ETXTBSY for as long as the child lives.
public enum SpawnHygiene {
    /// Sets the signal mask and defaults on `attributes`.
    public static func apply(to attributes: inout posix_spawnattr_t) {
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    /// Adds "close every descriptor from 3 up" to `actions` (glibc 2.34+, which Swift does not
    /// import without `_GNU_SOURCE`, so it is looked up by name).
    public static func closeOthers(in actions: inout posix_spawn_file_actions_t) {
        guard let closeFrom = SpawnHygiene.closeFrom else { fatalError("glibc lacks posix_spawn_file_actions_addclosefrom_np") }
        _ = closeFrom(&actions, 3)
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
}

import Glibc
import LoansCore

/// An advisory lock across processes: `flock(LOCK_EX)` on a lock file (created 0600 when
/// missing), held while a body runs and released when its descriptor closes — also when the
/// process dies, so a crash never leaves it locked. The descriptor is close-on-exec, so a program
/// started meanwhile never inherits the lock.
enum FileLock {
    static func exclusively<T>(at path: SystemPath, _ body: () throws -> T) throws -> T {
        let descriptor = path.withCString { open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard descriptor >= 0 else {
            throw StoreError(.unavailable, "cannot open the lock file \(Quoted(path)): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw StoreError(.unavailable, "cannot lock \(Quoted(path)): \(String(cString: strerror(errno)))")
            }
        }
        return try body()
    }
}

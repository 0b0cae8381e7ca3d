import LoansCore

/// An advisory lock across processes: `flock(LOCK_EX)` on a lock file (created 0600 when
/// missing), held while a body runs and released when its descriptor closes — also when the
/// process dies, so a crash never leaves it locked. The descriptor is close-on-exec, so a program
/// started meanwhile never inherits the lock.
enum FileLock {
    static func exclusively<T>(at path: SystemPath, _ body: () throws -> T) throws -> T {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readWrite, options: [.create, .noFollow])
        } catch {
            throw StoreError(.unavailable, "cannot open the lock file \(Quoted(path)): \(error)")
        }
        defer { descriptor.close() }
        do {
            try descriptor.lockExclusively()
        } catch {
            throw StoreError(.unavailable, "cannot lock \(Quoted(path)): \(error)")
        }
        return try body()
    }
}

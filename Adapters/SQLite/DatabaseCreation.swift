import CLinux
import Glibc
import LoansCore

/// Makes a new database file without anyone seeing it half made: the schema is built in a
/// private temporary file in the same folder (mode 0600, every migration, WAL set last), which
/// is then moved to the database's name with `renameat2(RENAME_NOREPLACE)`. The move either
/// puts a complete database in place or, when another process was first, fails and leaves the
/// winner's file; either way the caller then opens whatever file is there.
struct DatabaseCreation {
    let path: SystemPath

    /// Creates the database file, unless another process creates it first.
    func create() throws(StoreError) {
        let temporary = try makeTemporaryFile()
        defer { remove(temporary) }
        try buildSchema(in: temporary)
        try move(temporary)
    }

    /// Creates the database with its first content: `fill` writes into the new file while it is
    /// still aside, and the file takes the database's name only when `fill` succeeded — so a
    /// failed first import leaves no database behind. When another process created the database
    /// meanwhile, nothing is moved and the caller is told (the content was not written there).
    func create<T>(filling fill: (SQLiteConnection) throws -> T) throws -> T {
        let temporary = try makeTemporaryFile()
        defer { remove(temporary) }
        try buildSchema(in: temporary)
        let result = try fillAndClose(temporary, fill)
        guard try move(temporary) else {
            throw StoreError(.createdMeanwhile, "database \(Quoted(path)) was created by another process meanwhile; nothing was written, try again")
        }
        return result
    }

    /// Runs `fill` on a connection to the file, closed again (its `-wal` folded back) after.
    private func fillAndClose<T>(_ file: SystemPath, _ fill: (SQLiteConnection) throws -> T) throws -> T {
        let connection = try SQLiteConnection(path: file, readOnly: false)
        return try fill(connection)
    }

    private func remove(_ temporary: SystemPath) {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            _ = temporary.appending(suffix).withCString { unlink($0) }
        }
    }

    /// Creates the missing folders of the path (0700, whatever the umask), outermost first;
    /// returns those it made.
    @discardableResult
    func createFolders() throws(StoreError) -> [SystemPath] {
        var missing: [SystemPath] = []
        var folder = path.parent
        while let current = folder, !DatabaseFile.isFolder(current) {
            missing.append(current)
            folder = current.parent
        }
        var made: [SystemPath] = []
        for current in missing.reversed() {
            if current.withCString({ mkdir($0, 0o700) }) == 0 {
                made.append(current)
            } else if errno != EEXIST {
                let error = StoreError(.unavailable, "cannot create folder \(Quoted(current)): \(SystemError())")
                removeFolders(made)
                throw error
            }
            _ = current.withCString { chmod($0, 0o700) }
        }
        return made
    }

    /// Removes folders `createFolders` made, innermost first, each only while it is empty (another
    /// process may have put something there meanwhile).
    func removeFolders(_ made: [SystemPath]) {
        for folder in made.reversed() {
            guard folder.withCString({ rmdir($0) }) == 0 else { return }
        }
    }

    /// `<path>.new-XXXXXX`, created empty with mode 0600 (`mkstemp`, then `fchmod` past the umask).
    private func makeTemporaryFile() throws(StoreError) -> SystemPath {
        var template = path.appending(".new-XXXXXX").bytes.map { CChar(bitPattern: $0) } + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw StoreError(.unavailable, "cannot create database \(Quoted(path)): \(SystemError())")
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
        return SystemPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })!
    }

    /// Every migration, then WAL mode, in the temporary file; closed (so nothing is left in a
    /// `-wal` beside it) before it moves.
    private func buildSchema(in temporary: SystemPath) throws(StoreError) {
        do {
            let connection = try SQLiteConnection(path: temporary, readOnly: false)
            try Migrations.migrate(connection, from: 0)
            try connection.execute("PRAGMA journal_mode = WAL")
        } catch {
            throw StoreError(.unavailable, "cannot create database \(Quoted(path)): \(error)")
        }
        var info = stat()
        if temporary.appending("-wal").withCString({ stat($0, &info) }) == 0, info.st_size > 0 {
            throw StoreError(.unavailable, "cannot create database \(Quoted(path)): its new schema stayed in the write-ahead log")
        }
    }

    /// Moves the built file to the database's name unless a file is there already (then false).
    /// Where the file system cannot rename without replacing, `link` (which never replaces) does
    /// the same.
    @discardableResult
    private func move(_ temporary: SystemPath) throws(StoreError) -> Bool {
        let moved = temporary.withCString { from in path.withCString { to in loans_rename_noreplace(from, to) } }
        if moved == 0 {
            syncFolder()
            return true
        }
        if errno == EEXIST { return false }
        guard errno == EINVAL || errno == ENOSYS else {
            throw StoreError(.unavailable, "cannot create database \(Quoted(path)): \(SystemError())")
        }
        let linked = temporary.withCString { from in path.withCString { to in link(from, to) } }
        if linked != 0, errno == EEXIST { return false }
        guard linked == 0 else {
            throw StoreError(.unavailable, "cannot create database \(Quoted(path)): \(SystemError())")
        }
        syncFolder()
        return true
    }

    /// Makes the new name durable: the folder's entry is flushed along with the file.
    private func syncFolder() {
        let folder = path.parent ?? SystemPath(".")!
        let descriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

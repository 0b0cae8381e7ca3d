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

    /// The temporary file and the companions SQLite makes beside it while it is open.
    private static let companionSuffixes = ["", "-journal", "-wal", "-shm"]

    /// Removes the temporary file and its companions (and stops `RunCleanup` removing them).
    private func remove(_ temporary: SystemPath) {
        RunCleanup.remove(files: DatabaseCreation.companionSuffixes.map(temporary.appending))
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
            do throws(Errno) {
                try current.makeFolder(permissions: 0o700)
                made.append(current)
            } catch where error == .exists {
            } catch {
                removeFolders(made)
                throw StoreError(.unavailable, "cannot create folder \(Quoted(current)): \(error)")
            }
        }
        return made
    }

    /// Removes folders `createFolders` made, innermost first, each only while it is empty (another
    /// process may have put something there meanwhile).
    func removeFolders(_ made: [SystemPath]) {
        for folder in made.reversed() {
            guard (try? folder.removeFolder()) != nil else { return }
        }
    }

    /// `<path>.new-XXXXXX`, created empty with mode 0600; it and the companions SQLite makes
    /// beside it are removed however the run ends, a signal included (`RunCleanup`), until
    /// `remove` forgets them.
    private func makeTemporaryFile() throws(StoreError) -> SystemPath {
        do {
            return try RunCleanup.withEndingSignalsBlocked { () throws(Errno) in
                let (descriptor, temporary) = try path.appending(".new-").makeTemporaryFile()
                descriptor.close()
                RunCleanup.register(files: DatabaseCreation.companionSuffixes.map(temporary.appending))
                return temporary
            }
        } catch {
            throw StoreError(.unavailable, "cannot create database \(Quoted(path)): \(error)")
        }
    }

    /// Every migration, then WAL mode, in the temporary file; closed (so nothing is left in a
    /// `-wal` beside it) before it moves.
    private func buildSchema(in temporary: SystemPath) throws(StoreError) {
        do {
            let connection = try SQLiteConnection(path: temporary, readOnly: false)
            try Migrations.migrate(connection, from: 0)
            try connection.execute("PRAGMA journal_mode = WAL")
        } catch {
            throw StoreError(.unavailable, "cannot create database \(Quoted(path)): \(error)", underlying: error as? SQLiteError)
        }
        if let log = try? FileStatus(temporary.appending("-wal")), log.size > 0 {
            throw StoreError(.unavailable, "cannot create database \(Quoted(path)): its new schema stayed in the write-ahead log")
        }
    }

    /// Moves the built file to the database's name unless a file is there already (then false).
    /// Where the file system cannot rename without replacing, `link` (which never replaces) does
    /// the same.
    @discardableResult
    private func move(_ temporary: SystemPath) throws(StoreError) -> Bool {
        do throws(Errno) {
            do throws(Errno) {
                try temporary.moveWithoutReplacing(to: path)
            } catch where error == .invalidArgument || error == .notImplemented {
                try temporary.link(as: path)
            }
        } catch where error == .exists {
            return false
        } catch {
            throw StoreError(.unavailable, "cannot create database \(Quoted(path)): \(error)")
        }
        syncFolder()
        return true
    }

    /// Makes the new name durable: the folder's entry is flushed along with the file.
    private func syncFolder() {
        guard let folder = try? FileDescriptor.open(path.parent ?? SystemPath(".")!, .readOnly, options: .folder) else { return }
        try? folder.sync()
        folder.close()
    }
}

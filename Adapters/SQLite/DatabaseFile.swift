import LoansCore

/// Opens the loans database at a path, telling a loans database from an empty, foreign,
/// corrupt or newer file before anything could write to it. A new database is built aside and
/// moved into place whole (`DatabaseCreation`), so a reader never meets a half-made file.
struct DatabaseFile {
    let path: SystemPath
    let folders: FolderRule

    /// What a file turned out to be.
    enum Recognition: Equatable {
        /// No tables and no loans marks: a fresh file.
        case empty
        /// A loans database at this schema version.
        case loans(version: Int64)
        /// Some other SQLite database.
        case foreign
    }

    /// Whether a file exists at the path. A folder or other non-file there is an error, and so
    /// is a missing folder when the user named the place.
    func exists() throws(StoreError) -> Bool {
        let status: FileStatus
        do {
            status = try FileStatus(path)
        } catch {
            guard error == .noSuchFile else { throw unavailable("cannot open database \(Quoted(path)): \(error)") }
            if folders == .mustExist, let folder = path.parent, !DatabaseFile.isFolder(folder) {
                throw unavailable("cannot open database \(Quoted(path)): its folder \(Quoted(folder)) does not exist")
            }
            return false
        }
        guard status.kind == .regular else {
            throw unavailable("cannot open database \(Quoted(path)): it is not a regular file")
        }
        return true
    }

    /// A read-only connection to an existing loans database of any schema this build can read,
    /// or nil when the file is a fresh, empty one. Nothing is written.
    ///
    /// In a folder the reader cannot write, SQLite cannot create the `-shm` file a WAL reader
    /// needs; when there is no pending `-wal` either, no writer can be at work there, so the
    /// file is read as immutable instead.
    func openForReading() throws(StoreError) -> SQLiteConnection? {
        var connection = try open(readOnly: true)
        var recognition: Recognition
        do {
            recognition = try recognise(connection)
        } catch let failure {
            guard failure.kind == .unavailable, !pendingWAL(), !DatabaseFile.isWritableFolder(path.parent) else { throw failure }
            connection = try open(readOnly: true, immutable: true)
            recognition = try recognise(connection)
        }
        switch recognition {
        case .empty:
            return nil
        case .loans(let version):
            do {
                try OlderSchemas.prepareForReading(connection, version: version)
                try LoanRow.checkOpenDueDays(connection)
            } catch let error as StoreError {
                throw error
            } catch {
                throw unavailable("cannot read database \(Quoted(path)): \(error)", error as? SQLiteError)
            }
            return connection
        case .foreign:
            throw foreign()
        }
    }

    /// A read-write connection, in WAL mode and migrated to the latest schema. A missing file is
    /// built aside and moved into place (its folders first, 0700, where loans chose the place).
    func openForWriting() throws(StoreError) -> SQLiteConnection {
        if try !exists() {
            let creation = DatabaseCreation(path: path)
            if folders == .createdOnFirstWrite { try creation.createFolders() }
            try creation.create()
        }
        let connection = try open(readOnly: false)
        guard !connection.isReadOnly else {
            throw unavailable("cannot write database \(Quoted(path)): the file is read-only; it was left untouched")
        }
        let version: Int64
        switch try recognise(connection, toWrite: true) {
        case .empty: version = 0
        case .loans(let current): version = current
        case .foreign: throw foreign()
        }
        do {
            try connection.execute("PRAGMA journal_mode = WAL")
            try Migrations.migrate(connection, from: version)
        } catch {
            throw unavailable("cannot write database \(Quoted(path)): \(error)", error as? SQLiteError)
        }
        return connection
    }

    private func open(readOnly: Bool, immutable: Bool = false) throws(StoreError) -> SQLiteConnection {
        do {
            return try SQLiteConnection(path: path, readOnly: readOnly, immutable: immutable)
        } catch {
            throw unavailable("cannot open database \(Quoted(path)): \(error.message)", error)
        }
    }

    /// Reads the file's header marks in one read transaction (so a write committing meanwhile is
    /// seen whole or not at all); a file that is not SQLite at all fails here, unmodified.
    private func recognise(_ connection: SQLiteConnection, toWrite: Bool = false) throws(StoreError) -> Recognition {
        let marks: (application: Int64, version: Int64, tables: Int64)
        do {
            marks = try connection.transaction(immediate: false) {
                (
                    try connection.integerPragma("application_id"), try connection.integerPragma("user_version"),
                    try connection.statement("SELECT count(*) FROM sqlite_schema").scalar()
                )
            }
        } catch {
            let engine = error as? SQLiteError
            throw unavailable("cannot \(toWrite ? "write" : "read") database \(Quoted(path)): \(engine?.message ?? "\(error)"); it was left untouched", engine)
        }
        if marks.application == Migrations.applicationID {
            guard marks.version <= Migrations.latestVersion else {
                throw StoreError(
                    .newerVersion,
                    "database \(Quoted(path)) was written by a newer loans (schema \(marks.version); this loans knows up to \(Migrations.latestVersion)); it was left untouched"
                )
            }
            return .loans(version: marks.version)
        }
        return marks.application == 0 && marks.version == 0 && marks.tables == 0 ? .empty : .foreign
    }

    /// Whether a `-wal` file with content sits next to the database.
    private func pendingWAL() -> Bool {
        ((try? FileStatus(path.appending("-wal")))?.size ?? 0) > 0
    }

    static func isFolder(_ folder: SystemPath) -> Bool {
        (try? FileStatus(folder))?.kind == .folder
    }

    /// Whether this process may create files in `folder` (the working folder when nil).
    static func isWritableFolder(_ folder: SystemPath?) -> Bool {
        (folder ?? SystemPath(".")!).isWritableFolder
    }

    private func foreign() -> StoreError {
        unavailable("\(Quoted(path)) is not a loans database; it was left untouched")
    }

    private func unavailable(_ message: String, _ engine: SQLiteError? = nil) -> StoreError {
        StoreError(.unavailable, message, underlying: engine)
    }
}

import CSQLite
import Glibc
import LoansCore

/// Opens the loans database at a path, telling a loans database from an empty, foreign,
/// corrupt or newer file before anything could write to it.
struct DatabaseFile {
    let path: String

    /// What a file turned out to be.
    enum Recognition: Equatable {
        /// No tables and no loans marks: a fresh file.
        case empty
        /// A loans database at this schema version.
        case loans(version: Int64)
        /// Some other SQLite database.
        case foreign
    }

    /// Whether anything exists at the path; a directory or other non-file is an error.
    func exists() throws(StoreError) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw unavailable("cannot open database \(Quoted(path)): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw unavailable("cannot open database \(Quoted(path)): it is not a regular file")
        }
        return true
    }

    /// A read-only connection to an existing loans database at the latest version, or nil
    /// when the file is a fresh, empty one. Nothing is written.
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
            guard failure.kind == .unavailable, try !pendingWAL(), access(parent(of: path).isEmpty ? "." : parent(of: path), W_OK) != 0
            else { throw failure }
            connection = try open(readOnly: true, immutable: true)
            recognition = try recognise(connection)
        }
        switch recognition {
        case .empty:
            return nil
        case .loans(let version) where version < Migrations.latestVersion:
            throw unavailable("database \(Quoted(path)) uses an older schema (\(version)); any write, such as 'loans add', upgrades it")
        case .loans:
            return connection
        case .foreign:
            throw foreign()
        }
    }

    /// A read-write connection, the file and its folder created when missing (folder 0700,
    /// file 0600), in WAL mode and migrated to the latest schema.
    func openForWriting() throws(StoreError) -> SQLiteConnection {
        if try !exists() { try create() }
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
            throw unavailable("cannot write database \(Quoted(path)): \(error)")
        }
        return connection
    }

    private func open(readOnly: Bool, immutable: Bool = false) throws(StoreError) -> SQLiteConnection {
        do {
            return try SQLiteConnection(path: path, readOnly: readOnly, immutable: immutable)
        } catch {
            throw unavailable("cannot open database \(Quoted(path)): \(error.message)")
        }
    }

    /// Reads the file's header marks; a file that is not SQLite at all fails here, unmodified.
    private func recognise(_ connection: SQLiteConnection, toWrite: Bool = false) throws(StoreError) -> Recognition {
        let recognition: Recognition
        let version: Int64
        do {
            let application = try connection.integerPragma("application_id")
            version = try connection.integerPragma("user_version")
            let tableCount = try connection.statement("SELECT count(*) FROM sqlite_schema").scalar()
            if application == Migrations.applicationID {
                recognition = .loans(version: version)
            } else if application == 0, version == 0, tableCount == 0 {
                recognition = .empty
            } else {
                recognition = .foreign
            }
        } catch {
            let verb = toWrite ? "write" : "read"
            throw unavailable("cannot \(verb) database \(Quoted(path)): \(error.message); it was left untouched")
        }
        if case .loans(let version) = recognition, version > Migrations.latestVersion {
            throw StoreError(
                .newerVersion,
                "database \(Quoted(path)) was written by a newer loans (schema \(version); this loans knows up to \(Migrations.latestVersion)); it was left untouched"
            )
        }
        return recognition
    }

    /// Creates the missing folders (0700) and an empty file (0600), whatever the umask.
    private func create() throws(StoreError) {
        var folders: [String] = []
        var folder = parent(of: path)
        while !folder.isEmpty, access(folder, F_OK) != 0 {
            folders.append(folder)
            folder = parent(of: folder)
        }
        for missing in folders.reversed() {
            guard mkdir(missing, 0o700) == 0 || errno == EEXIST else {
                throw unavailable("cannot create folder \(Quoted(missing)): \(String(cString: strerror(errno)))")
            }
            chmod(missing, 0o700)
        }
        let descriptor = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }
            throw unavailable("cannot create database \(Quoted(path)): \(String(cString: strerror(errno)))")
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
    }

    /// Whether a `-wal` file with content sits next to the database.
    private func pendingWAL() throws(StoreError) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    private func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private func foreign() -> StoreError {
        unavailable("\(Quoted(path)) is not a loans database; it was left untouched")
    }

    private func unavailable(_ message: String) -> StoreError {
        StoreError(.unavailable, message)
    }
}

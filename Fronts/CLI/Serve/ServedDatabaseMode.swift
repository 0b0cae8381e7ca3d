import LoansAdapters
import LoansCore

/// Whether `serve` may serve a database file as its mode stands. The file holds the web's
/// password hashes and session hashes, so no one but its owner may change it and no one outside
/// its group may read it: others no permission at all, its group at most read (0600, 0640 or
/// stricter). The file is judged through symbolic links, by the file the store opens (SQLite
/// follows them too). A file that is not there yet passes: the store makes it for its owner
/// alone (0600, `DatabaseCreation`).
enum ServedDatabaseMode {
    /// The bits that must be clear: the group's write and execute, and everything of others.
    static let forbidden: UInt32 = 0o037

    /// Checks the file at `path`: nil when its mode is fine (or it is not there yet, or cannot be
    /// looked at — the store then says why); a warning to print when it is not but
    /// `allowingReadable`; otherwise refuses (exit 77).
    static func check(_ path: SystemPath, allowingReadable: Bool) throws(CLIError) -> String? {
        guard let status = try? FileStatus(path), status.permissions & forbidden != 0 else { return nil }
        let mode = octal(status.permissions)
        guard allowingReadable else {
            throw CLIError(
                code: .noPermission,
                message: "database \(Quoted(path)) has mode \(mode), more than 0640 (its group may at most read it, others nothing), and it holds the web's password and session hashes; chmod 600 it (or 640), or start serve with --allow-readable to serve it anyway"
            )
        }
        return "loans: warning: database \(Quoted(path)) has mode \(mode), more than 0640: users other than its owner may read or change the web's password and session hashes in it (served anyway: --allow-readable)"
    }

    /// Permission bits as `chmod` takes them: four octal digits (`0644`).
    private static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

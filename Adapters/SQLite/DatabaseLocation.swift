import LoansCore

/// Where the database lives: `--db`, else `LOANS_DB`, else `$XDG_DATA_HOME/loans/loans.db`,
/// else `$HOME/.local/share/loans/loans.db` — and whether its folder may be created. A place the
/// user named must already have its folder (a typo must not grow a tree of folders); only the
/// default place, which loans chose, is created on the first write.
package struct DatabaseLocation: Equatable, Sendable {
    /// The database file, byte for byte as given.
    package let path: SystemPath
    /// What to do when the file's folder does not exist.
    package let folders: FolderRule

    package init(path: SystemPath, folders: FolderRule) {
        self.path = path
        self.folders = folders
    }

    /// Resolves the location. `explicit` is `--db` (already checked to be non-empty);
    /// `variable` gives an environment variable's bytes. An empty `LOANS_DB` counts as unset.
    package static func resolve(explicit: SystemPath?, variable: (String) -> [UInt8]?) throws(StoreError) -> DatabaseLocation {
        if let explicit { return DatabaseLocation(path: explicit, folders: .mustExist) }
        if let bytes = variable("LOANS_DB"), !bytes.isEmpty {
            guard let path = SystemPath(bytes: bytes) else {
                throw StoreError(.unavailable, "LOANS_DB holds a NUL byte, which no path can")
            }
            return DatabaseLocation(path: path, folders: .mustExist)
        }
        if let data = absolute(variable("XDG_DATA_HOME")) {
            return DatabaseLocation(path: data.appending("/loans/loans.db"), folders: .createdOnFirstWrite)
        }
        if let home = absolute(variable("HOME")) {
            return DatabaseLocation(path: home.appending("/.local/share/loans/loans.db"), folders: .createdOnFirstWrite)
        }
        throw StoreError(
            .unavailable,
            "cannot locate the database: neither XDG_DATA_HOME nor HOME is set to an absolute path (use --db PATH or LOANS_DB)"
        )
    }

    private static func absolute(_ bytes: [UInt8]?) -> SystemPath? {
        guard let bytes, bytes.first == UInt8(ascii: "/") else { return nil }
        return SystemPath(bytes: bytes)
    }
}

/// Whether a database's missing folder is an error or is created on the first write.
package enum FolderRule: Equatable, Sendable {
    /// The user named the place: a missing folder is an error, for reads and writes alike.
    case mustExist
    /// loans chose the place: a read finds no database, the first write creates the folders (0700).
    case createdOnFirstWrite
}

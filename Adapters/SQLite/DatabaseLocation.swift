import LoansCore

/// Where the database lives: `--db`, else `LOANS_DB`, else `$XDG_DATA_HOME/loans/loans.db`,
/// else `$HOME/.local/share/loans/loans.db`.
public enum DatabaseLocation {
    public static func resolve(explicit: String?, environment: [String: String]) throws(StoreError) -> String {
        if let explicit { return try usable(explicit, "--db") }
        if let fromEnvironment = environment["LOANS_DB"] { return try usable(fromEnvironment, "LOANS_DB") }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/loans/loans.db"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return home + "/.local/share/loans/loans.db"
        }
        throw StoreError(
            .unavailable,
            "cannot locate the database: neither XDG_DATA_HOME nor HOME is set to an absolute path (use --db PATH or LOANS_DB)"
        )
    }

    private static func usable(_ path: String, _ source: String) throws(StoreError) -> String {
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw StoreError(.unavailable, "\(source) \(Quoted(path)) is not a usable path")
        }
        return path
    }
}

/// Reading a database of an older schema as it is. A read never upgrades (it opens read-only and
/// the file may be another user's), and it must not fail while some writer upgrades the file:
/// what a later migration added and the queries use is stood in for by a TEMP view on the
/// reader's own connection, computed from what the older schema has. Temp objects live in the
/// connection's private temp schema, never in the file, and name lookup finds them first.
///
/// When a migration adds something that reads use, add its stand-in here for older versions.
enum OlderSchemas {
    /// Stand-ins for the objects that arrived with each version, by that version, in order (a
    /// list, not a dictionary: a read builds no hashed collection type it does not need).
    static let standIns: [(version: Int64, sql: String)] = [
        // 2: the per-day counts of open loans, counted from the loans instead.
        (2, """
            CREATE TEMP VIEW IF NOT EXISTS open_due_day AS
                SELECT due_on, count(*) AS open_count FROM loan WHERE returned_on IS NULL GROUP BY due_on
            """),
    ]

    /// Creates the stand-ins a database at `version` needs.
    static func prepareForReading(_ connection: SQLiteConnection, version: Int64) throws {
        for (added, sql) in standIns where version < added {
            try connection.execute(sql)
        }
    }
}

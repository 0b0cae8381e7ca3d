import LoansCore

/// A database brought back from a dump (`pg_restore`): its tables are made anew, so the loan
/// table is not the one the schema's comment notes (`PostgresSchema.State.restored`). What was
/// written after the dump is gone — but a calendar, a note or a person may have seen the ids it
/// gave, so they must never be given again; and every running view must read again.
extension PostgresSchema {
    /// Settles a restored database, inside the migrating transaction: both id sequences move past
    /// every id that can have been given since the dump — the largest id the database knows (its
    /// loans, its history, the sequence as restored), plus one for every transaction the server
    /// has begun since the newest change the dump holds (each change that gave ids is one
    /// transaction), plus one for every connection that may have been in the middle of one when
    /// the dump was taken. The caller notes the loan table anew in the schema's comment, so this
    /// happens once, and announces it to every watcher (`PostgresChangeFeed`) once the
    /// migrations that follow have made the change feed, should the dump be older than it.
    ///
    /// The bound counts transactions of the same server (its transaction ids go on across a
    /// restore); a dump restored into another server, or an import that gave many ids after the
    /// dump, can reach further than it counts.
    static func settleRestore(_ connection: PostgresConnection) throws(PostgresError) {
        let hasTransactions = try connection.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'loans.change'::regclass AND attname = 'xact' AND NOT attisdropped)"
        ).bool(0, 0) == true
        let since = hasTransactions
            ? "(SELECT CASE WHEN max(xact) IS NULL THEN 0 ELSE greatest(txid_current() - max(xact), 0) + current_setting('max_connections')::bigint END FROM loans.change)"
            : "0"
        try connection.execute("""
            SELECT setval('loans.loan_id_seq', greatest(least(next, \(LoanID.maximum)), 1), next > 0) FROM (SELECT greatest(
                (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM loans.loan_id_seq),
                (SELECT coalesce(max(id), 0) FROM loans.loan),
                (SELECT coalesce(max(loan_id), 0) FROM loans.change_loan)) + \(since) AS next) AS given
            """)
        try connection.execute("""
            SELECT setval('loans.change_id_seq', greatest(next, 1), next > 0) FROM (SELECT greatest(
                (SELECT coalesce(max(id), 0) FROM loans.change),
                (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM loans.change_id_seq)) + \(since) AS next) AS given
            """)
    }
}

import CLibPQ
import LoansWake

/// The channel every write notifies and every watcher listens on, and the generation that makes
/// a notice worth believing. PostgreSQL puts no privilege on LISTEN and NOTIFY: any login of the
/// server may listen on `loans`, and notify it. So a notice carries nothing (what a listener
/// learns is that someone notified, no more), and a watcher takes a notice for a change only once
/// the change feed's generation — the one row of `loans.change_feed` (migration 10), which only a
/// role that may write the loans can move — differs from the one it read last: a stranger's
/// NOTIFY moves nothing, so it wakes no page and no bar.
///
/// The generation is the server's number of the transaction that announced last
/// (`txid_current()`), set by the writer's transaction right before its notice: seen by others
/// only once that transaction commits (the row stays locked from that update to the commit, so
/// announcing writers queue there for a moment), and never a value the row held before on this
/// server, even after a restore brought back the dump's. Neither the newest change's id nor a
/// sequence would do: ids are given before commit, so an older id can commit after a newer one;
/// a sequence's value is seen before its transaction commits.
enum PostgresChangeFeed {
    /// The channel writes notify and watchers listen on.
    static let channel = "loans"

    /// Moves the generation and notifies: the last statements of a transaction that changed
    /// what a watcher shows (a change of the loans, an adopted history, a settled restore) or
    /// that ended sessions (an account's new password, its removal). Nothing else may follow,
    /// so the row is locked no longer than the commit takes.
    static func announce(_ connection: PostgresConnection) throws(PostgresError) {
        try connection.execute("UPDATE loans.change_feed SET generation = txid_current()")
        try connection.execute("NOTIFY \(channel)")
    }

    /// The generation as a listening connection reads it.
    static let reading = "SELECT generation FROM loans.change_feed"

    /// What a listening connection knows of the generation: the value it read last, and whether
    /// a read is under way. A read after notices goes out without waiting for its answer (a
    /// watcher's wait never blocks on the server: a restore, say, holds the table until it
    /// commits), and the answer is taken when the socket has it.
    struct Watch {
        /// The generation read last; nil when none could be read: the database has no loans
        /// schema yet, or one of an older loans, whose writes move none.
        private var seen: String?
        /// A read was sent and not all of its answer has come yet.
        private var reading = false
        /// The generation the read under way found so far (nil until its row came, or when it
        /// failed: no such table).
        private var found: String?
        /// Notices came while a read was under way, maybe after its snapshot: read again.
        private var readAgain = false

        /// Reads the generation on a connection that has just begun to listen, waiting for the
        /// answer: before the front reads again, so that no write falls between the two unseen.
        /// Throws only when the connection broke.
        init(_ connection: PostgresConnection) throws(PostgresError) {
            do {
                seen = try connection.execute(PostgresChangeFeed.reading).string(0, 0)
            } catch where connection.pq.status(connection.handle) == CONNECTION_OK {
                seen = nil
            }
        }

        /// Takes what the server sent (its input consumed already): the notices, which ask for a
        /// read, and the answer to the read under way — `.changed` when it found the generation
        /// moved, or none to read (then every notice counts, as it did before there was one).
        /// Throws when a read cannot be sent: the connection broke.
        mutating func take(_ connection: PostgresConnection) throws(PostgresError) -> WakeNews {
            let (pq, handle) = (connection.pq, connection.handle)
            var news = WakeNews.nothing
            var noticed = false
            if reading, takeAnswer(connection) {
                if found == nil || found != seen { news = .changed }
                seen = found
                (reading, found, noticed, readAgain) = (false, nil, readAgain, false)
            }
            // After the answer: notices parsed while it was taken are not left waiting in libpq.
            while let notice = pq.notifies(handle) {
                pq.freemem(notice)
                noticed = true
            }
            if noticed, reading {
                readAgain = true
            } else if noticed {
                guard pq.sendQueryParams(handle, PostgresChangeFeed.reading, 0, nil, nil, nil, nil, 0) == 1,
                      try connection.flushed(until: nil)
                else { throw connection.failure(PostgresChangeFeed.reading) }
                reading = true
            }
            return news
        }

        /// Takes the results of the read under way that have come, without waiting for more
        /// (libpq's `PQgetResult` would wait while it is busy); true once the last has come.
        private mutating func takeAnswer(_ connection: PostgresConnection) -> Bool {
            let (pq, handle) = (connection.pq, connection.handle)
            while pq.isBusy(handle) == 0 {
                guard let raw = pq.getResult(handle) else { return true }
                let result = PostgresResult(raw, pq: pq)
                if pq.resultStatus(raw) == PGRES_TUPLES_OK, result.rowCount == 1 { found = result.string(0, 0) }
            }
            return false
        }
    }
}

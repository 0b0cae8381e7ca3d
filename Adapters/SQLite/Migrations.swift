/// The schema's history, in order. Migration n brings `PRAGMA user_version` from n-1 to n; the
/// steps a database lacks run together in one transaction. Append new migrations; never edit a
/// released one.
enum Migrations {
    /// `PRAGMA application_id` of a loans database ("LOAN"), which tells ours from foreign files.
    static let applicationID: Int64 = 0x4C4F_414E

    static let all: [String] = [
        // 1: the loans (ids never reused, so an id always means one loan), and the index that
        // answers every due-ordered question over open loans.
        """
        CREATE TABLE loan (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL,
            direction TEXT NOT NULL CHECK (direction IN ('lent', 'borrowed')),
            counterparty TEXT NOT NULL,
            lent_on TEXT NOT NULL,
            due_on TEXT NOT NULL,
            returned_on TEXT,
            note TEXT,
            previous_due_dates TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX loan_open_by_due ON loan (due_on, id) WHERE returned_on IS NULL;
        PRAGMA application_id = \(applicationID);
        """,
        // 2: open loans per due day, kept by triggers in the writer's own transaction, so the
        // widget's two counts are a sum over day rows instead of a count over loans.
        """
        CREATE TABLE open_due_day (
            due_on TEXT PRIMARY KEY,
            open_count INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO open_due_day (due_on, open_count)
            SELECT due_on, count(*) FROM loan WHERE returned_on IS NULL GROUP BY due_on;
        CREATE TRIGGER loan_opened AFTER INSERT ON loan WHEN NEW.returned_on IS NULL BEGIN
            INSERT INTO open_due_day (due_on, open_count) VALUES (NEW.due_on, 1)
                ON CONFLICT (due_on) DO UPDATE SET open_count = open_count + 1;
        END;
        CREATE TRIGGER loan_deleted AFTER DELETE ON loan WHEN OLD.returned_on IS NULL BEGIN
            UPDATE open_due_day SET open_count = open_count - 1 WHERE due_on = OLD.due_on;
            DELETE FROM open_due_day WHERE due_on = OLD.due_on AND open_count <= 0;
        END;
        CREATE TRIGGER loan_moved AFTER UPDATE OF due_on, returned_on ON loan BEGIN
            UPDATE open_due_day SET open_count = open_count - 1
                WHERE OLD.returned_on IS NULL AND due_on = OLD.due_on;
            DELETE FROM open_due_day
                WHERE OLD.returned_on IS NULL AND due_on = OLD.due_on AND open_count <= 0;
            INSERT INTO open_due_day (due_on, open_count)
                SELECT NEW.due_on, 1 WHERE NEW.returned_on IS NULL
                ON CONFLICT (due_on) DO UPDATE SET open_count = open_count + 1;
        END;
        """,
        // 3: the history (one change per write, every field of each loan before and after it,
        // undo bookkeeping per author) and the database's identity, random, made once.
        """
        CREATE TABLE change (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            who TEXT NOT NULL,
            kind TEXT NOT NULL,
            target INTEGER,
            undone_by INTEGER,
            redoable INTEGER NOT NULL DEFAULT 0,
            loan_count INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX change_by_author ON change (who, id);
        CREATE INDEX change_redoable ON change (who, undone_by) WHERE redoable = 1;
        CREATE TABLE change_loan (
            change_id INTEGER NOT NULL,
            loan_id INTEGER NOT NULL,
            \(LoanRow.deltaColumnDefinitions),
            PRIMARY KEY (change_id, loan_id)
        ) WITHOUT ROWID;
        CREATE INDEX change_loan_by_loan ON change_loan (loan_id, change_id);
        CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        INSERT INTO store_meta (key, value) VALUES ('database_id', lower(hex(randomblob(16))));
        """,
        // 4: the reminders' sent-state, per recipient, loan, due date and level (in days), so a
        // renewal re-arms and changed leads neither skip nor repeat a reminder. Not history.
        """
        CREATE TABLE reminder_sent (
            recipient TEXT NOT NULL,
            loan_id INTEGER NOT NULL,
            due_on TEXT NOT NULL,
            level_days INTEGER NOT NULL,
            sent_at TEXT NOT NULL,
            PRIMARY KEY (recipient, loan_id, due_on, level_days)
        ) WITHOUT ROWID;
        """,
        // 5: the search index: open loans' title, counterparty and note, folded by Core
        // (`loans_fold`), in an FTS5 trigram index whose rowid packs (due day, id) so matches come
        // out in due order (`SearchKey`); kept by triggers in the writer's own transaction. Ids
        // too large to pack get their own small index instead. Returned loans get the index
        // of the Returned view (newest return first).
        """
        CREATE VIRTUAL TABLE loan_search USING fts5(
            title, counterparty, note, tokenize = 'trigram case_sensitive 1', columnsize = 0
        );
        INSERT INTO loan_search (rowid, title, counterparty, note)
            SELECT \(SearchIndex.key("")), loans_fold(title), loans_fold(counterparty), loans_fold(note)
            FROM loan WHERE \(SearchIndex.holds("")) ORDER BY due_on, id;
        CREATE INDEX loan_open_big ON loan (due_on, id) WHERE returned_on IS NULL AND id >= \(SearchKey.firstUnpackedID);
        CREATE INDEX loan_returned ON loan (returned_on, id) WHERE returned_on IS NOT NULL;
        CREATE TRIGGER loan_search_added AFTER INSERT ON loan WHEN \(SearchIndex.holds("NEW.")) BEGIN
            INSERT INTO loan_search (rowid, title, counterparty, note) VALUES
                (\(SearchIndex.key("NEW.")), loans_fold(NEW.title), loans_fold(NEW.counterparty), loans_fold(NEW.note));
        END;
        CREATE TRIGGER loan_search_removed AFTER DELETE ON loan WHEN \(SearchIndex.holds("OLD.")) BEGIN
            DELETE FROM loan_search WHERE rowid = \(SearchIndex.key("OLD."));
        END;
        CREATE TRIGGER loan_search_changed AFTER UPDATE ON loan
            WHEN OLD.title IS NOT NEW.title OR OLD.counterparty IS NOT NEW.counterparty OR OLD.note IS NOT NEW.note
                OR OLD.due_on IS NOT NEW.due_on OR OLD.returned_on IS NOT NEW.returned_on OR OLD.id IS NOT NEW.id
        BEGIN
            DELETE FROM loan_search WHERE \(SearchIndex.holds("OLD.")) AND rowid = \(SearchIndex.key("OLD."));
            INSERT INTO loan_search (rowid, title, counterparty, note)
                SELECT \(SearchIndex.key("NEW.")), loans_fold(NEW.title), loans_fold(NEW.counterparty), loans_fold(NEW.note)
                WHERE \(SearchIndex.holds("NEW."));
        END;
        """,
        // 6: the day each reminder was sent for (the run's today), so that a run whose clock
        // once read far ahead silences no later reminder. One sent before this counts as sent
        // the day before its instant's UTC date: never later than its run's day, however that
        // zone was set, and still years ahead for a clock that read years ahead.
        """
        ALTER TABLE reminder_sent ADD COLUMN sent_on TEXT NOT NULL DEFAULT '';
        UPDATE reminder_sent SET sent_on = coalesce(date(sent_at, '-1 day'), '0001-01-01');
        """,
        // 7: signing in on the web (`loans serve`), beside the loans and outside the history:
        // accounts (name, role, an Argon2id password hash), sessions and one-time links by the
        // SHA-256 of their token (never the token), API tokens likewise, and recent sign-in
        // attempts for the rate limit. Instants are seconds since 1970 (UTC). (A session or link
        // of the machine's owner belonged to no account then; since, every session is read with
        // its account, and a link names the account it signs in: SQLiteSignIns.)
        """
        CREATE TABLE account (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE,
            role TEXT NOT NULL CHECK (role IN ('editor', 'viewer')),
            password_hash TEXT,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE web_session (
            token_hash TEXT PRIMARY KEY,
            account_id INTEGER,
            name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('editor', 'viewer')),
            started_at INTEGER NOT NULL,
            last_seen INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX web_session_by_account ON web_session (account_id) WHERE account_id IS NOT NULL;
        CREATE INDEX web_session_by_use ON web_session (last_seen);
        CREATE TABLE sign_in_link (
            token_hash TEXT PRIMARY KEY,
            account_id INTEGER,
            name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('editor', 'viewer')),
            expires_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE api_token (
            token_hash TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            last_used INTEGER
        ) WITHOUT ROWID;
        CREATE INDEX api_token_by_account ON api_token (account_id);
        CREATE TABLE sign_in_attempt (
            at INTEGER NOT NULL,
            name TEXT NOT NULL,
            client TEXT NOT NULL
        );
        CREATE INDEX sign_in_attempt_by_name ON sign_in_attempt (name, at);
        CREATE INDEX sign_in_attempt_by_client ON sign_in_attempt (client, at);
        """,
        // 8: the links that show one person what is between you (`loans share`), one per person
        // (by the name as Core folds it), and each account's private calendar feed (`loans
        // account feed`), one per account: beside the loans and outside the history, as the
        // sign-in tables are, by the SHA-256 of their token (never the token).
        """
        CREATE TABLE share_link (
            token_hash TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            folded_name TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE calendar_feed (
            token_hash TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL UNIQUE,
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        """,
        // 9: the people you deal with: a contact per person, by the name as Core folds it (the
        // name as given beside it, an e-mail address or none), and each change's contacts before
        // and after, as `change_loan` keeps its loans (a presence flag and the fields, each side).
        """
        CREATE TABLE person (
            folded_name TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            email TEXT
        ) WITHOUT ROWID;
        CREATE TABLE change_person (
            change_id INTEGER NOT NULL,
            folded_name TEXT NOT NULL,
            before_present INTEGER NOT NULL,
            before_name TEXT,
            before_email TEXT,
            after_present INTEGER NOT NULL,
            after_name TEXT,
            after_email TEXT,
            PRIMARY KEY (change_id, folded_name)
        ) WITHOUT ROWID;
        CREATE INDEX change_person_by_name ON change_person (folded_name, change_id);
        """,
    ]

    /// The migration that keeps the day each reminder was sent for (`reminder_sent.sent_on`).
    static let sentDaysVersion: Int64 = 6

    /// The migration that keeps contacts (`person`, `change_person`).
    static let peopleVersion: Int64 = 9

    /// The version `all` brings a database to: its count, written out so that reading a
    /// database never builds the migrations' text (`SQLiteFileTests` holds the two equal).
    static let latestVersion: Int64 = 9

    /// Recomputes `open_due_day` from the loans, as migration 2 first filled it (after a bulk import).
    static let rebuildDayCounts = """
        DELETE FROM open_due_day;
        INSERT INTO open_due_day (due_on, open_count)
            SELECT due_on, count(*) FROM loan WHERE returned_on IS NULL GROUP BY due_on
        """

    /// Brings the database from its current version to the latest in one transaction, so a
    /// reader sees the schema before or after, never between two steps (a new database reads as
    /// empty until it is whole). The version is read again inside the transaction, so two
    /// processes upgrading at once run each step once.
    static func migrate(_ connection: SQLiteConnection, from version: Int64) throws {
        guard version < latestVersion else { return }
        try connection.transaction(immediate: true) {
            let current = try connection.integerPragma("user_version")
            guard current < latestVersion else { return }
            for index in Int(current)..<all.count {
                try connection.execute(all[index])
            }
            try connection.execute("PRAGMA user_version = \(latestVersion)")
        }
    }
}

import LoansCore
import LoansWake

/// The PostgreSQL engine: the loans of one database on a server, named by a `postgresql://` or
/// `postgres://` URL or libpq's keyword words, which go to libpq as written. Reads are read-only and make nothing; a
/// write creates or upgrades the schema first. A one-shot run bounds every wait for the server
/// (`PostgresClient.Waiting.oneShot`); a run that keeps going keeps its connections alive.
package final class PostgresEngine: StoreEngine, WatchedStore {
    let location: String
    let run: StoreRun

    /// Whether a location names a database on a server rather than a file: a `postgresql://` or
    /// `postgres://` URL, or libpq's keyword form (`host=homeserver dbname=loans`).
    package static func claims(_ location: String) -> Bool {
        ConnectionString.isServerLocation(location)
    }

    /// The location as messages and `loans config` show it: without its passwords.
    package static func shown(_ location: String) -> String {
        ConnectionString(location).redacted
    }

    /// Whether the location carries a password itself (which belongs in `~/.pgpass` or
    /// `PGPASSWORD` instead).
    package static func holdsPassword(_ location: String) -> Bool {
        ConnectionString.holdsPassword(location)
    }

    /// Masks every password in a PostgreSQL location among the process's arguments, in the memory
    /// `ps` reads them from (`/proc/PID/cmdline`): `postgresql://alice:******@homeserver/loans`,
    /// `host=homeserver password=******`. The arguments must have been read already.
    package static func hideSecrets(inArguments arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int) {
        for index in 0..<count {
            if let argument = arguments[index] { ConnectionString.maskPasswords(in: argument) }
        }
    }

    package init(_ location: String, run: StoreRun) {
        self.location = location
        self.run = run
    }

    /// Who connects, and how the run waits for the server.
    private var client: PostgresClient {
        PostgresClient(user: run.author.name, waiting: run.keepsRunning ? .keepalive : .oneShot)
    }

    package func reader() throws -> any LoanReading {
        try PostgresDatabase.reader(location, client: client)
    }

    package func readers(upTo capacity: Int) throws -> any LoanReaderPool {
        PostgresReaderPool(location, client: client, capacity: capacity)
    }

    package func signIns(upTo capacity: Int) throws -> any SignInStore {
        PostgresDatabase.signIns(location, client: client, capacity: capacity)
    }

    package func writer() throws -> any LoanWriting {
        try PostgresDatabase.writer(location, author: run.author, waiting: client.waiting)
    }

    package func writers(upTo capacity: Int) throws -> any LoanWriterPool {
        PostgresDatabase.writers(location, client: client, capacity: capacity, clock: run.author.clock)
    }

    /// A server's schema is made in place by the write's own migrations, so `body` writes to the
    /// store as any write does.
    package func writing<T>(_ body: (any LoanWriting) throws -> T) throws -> T {
        try body(try writer())
    }

    package func reminders(recording: Bool) throws -> any LoanReading & ReminderLedger {
        try PostgresDatabase.reminders(location, recordingAs: recording ? run.author : nil, client: client)
    }

    package func exists() throws -> Bool {
        try PostgresDatabase.exists(location, client: client)
    }

    package func who(reading reader: any LoanReading) -> String {
        PostgresDatabase.who(run.author.name, reading: reader) ?? run.author.name
    }

    /// LISTEN/NOTIFY on a connection of the watcher's own.
    package func wakeSource() -> any WakeSource {
        PostgresListener(location, user: run.author.name)
    }
}

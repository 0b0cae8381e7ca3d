/// One way of keeping the loans — a database file, a database server, a document — as the
/// composition root sees it: chosen once per run from where the loans are, then asked for
/// everything a command or a front needs of the store (in the spirit of GRDB, where a queue and
/// a pool answer one pair of reader and writer protocols). A new engine conforms here, and
/// nothing that uses an engine changes. Writes are recorded as the run's author (`StoreRun`).
package protocol StoreEngine: AnyObject {
    /// The loans, read-only, for one run: a store that does not exist yet reads as empty and is
    /// not made.
    func reader() throws -> any LoanReading

    /// Readers for many requests at once, at most `capacity` connections open (see
    /// `LoanReaderPool`).
    func readers(upTo capacity: Int) throws -> any LoanReaderPool

    /// Sessions, one-time links and accounts for a server front's many requests, at most
    /// `capacity` connections open; the store is made or upgraded first, as for a write.
    func signIns(upTo capacity: Int) throws -> any SignInStore

    /// The store for writing, made or upgraded first.
    func writer() throws -> any LoanWriting

    /// Writers for many people's changes at once, at most `capacity` connections open (see
    /// `LoanWriterPool`); the store is made or upgraded by the first write.
    func writers(upTo capacity: Int) throws -> any LoanWriterPool

    /// Runs `body` on the store for writing; a store that does not exist yet appears only if
    /// `body` succeeds where the engine can build one aside (a refused first import leaves no
    /// file behind).
    func writing<T>(_ body: (any LoanWriting) throws -> T) throws -> T

    /// The store with its reminders' ledger: opened for writing when `recording`, else read-only
    /// (a dry run). A store that does not exist has nothing to remind of and is not made.
    func reminders(recording: Bool) throws -> any LoanReading & ReminderLedger

    /// A reader that knows the store's identity: a store from before identities (which a reader
    /// may refuse as older) is upgraded first, as any write would; a store that does not exist
    /// reads as empty and is not made.
    func identifiedReader() throws -> any LoanReading

    /// Whether the store exists (reading nothing else, making nothing).
    func exists() throws -> Bool

    /// Who the history names for changes this run makes, as `reader` records them (on a server,
    /// the OS user @ host with the database role).
    func who(reading reader: any LoanReading) -> String
}

extension StoreEngine {
    package func identifiedReader() throws -> any LoanReading {
        guard try exists() else { return try reader() }
        if let store = try? reader(), try store.databaseIdentity() != nil { return store }
        return try writer()
    }
}

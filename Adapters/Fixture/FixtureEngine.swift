import LoansCore
import LoansInterchange
import LoansWake

/// `--fixture FILE`: the loans of a document, read-only. Each reader reads the document again
/// (a run that keeps going sees it edited); writes are refused, naming the option, and so is
/// recording reminders (a dry run shows them).
package final class FixtureEngine: StoreEngine, WatchedStore {
    package let path: SystemPath
    package let run: StoreRun

    package init(_ path: SystemPath, run: StoreRun) {
        self.path = path
        self.run = run
    }

    /// The document; a problem in it is named with the file.
    private func document() throws -> FixtureLoanStore {
        do {
            return try FixtureLoanStore(contentsOf: path)
        } catch let error as DocumentError {
            throw DocumentError(path: "--fixture \(Quoted(path.description)): \(error.path)", message: error.message)
        }
    }

    package func reader() throws -> any LoanReading {
        try document()
    }

    package func readers(upTo capacity: Int) throws -> any LoanReaderPool {
        try document()
    }

    package func writer() throws -> any LoanWriting {
        throw readOnly
    }

    package func writers(upTo capacity: Int) throws -> any LoanWriterPool {
        throw readOnly
    }

    /// What a write is told.
    private var readOnly: StoreError {
        StoreError(.readOnly, "--fixture \(Quoted(path.description)) is read-only; changes need a database (--db PATH)")
    }

    package func signIns(upTo capacity: Int) throws -> any SignInStore {
        throw StoreError(.readOnly, "--fixture \(Quoted(path.description)) is read-only; the web's accounts, sessions and private links are kept in a database (--db PATH)")
    }

    package func writing<T>(_ body: (any LoanWriting) throws -> T) throws -> T {
        try body(try writer())
    }

    package func reminders(recording: Bool) throws -> any LoanReading & ReminderLedger {
        guard !recording else {
            throw StoreError(.readOnly, "--fixture \(Quoted(path.description)) is read-only; reminders are recorded in a database (--db PATH); --dry-run shows them")
        }
        return try document()
    }

    /// The document's own `database_id`, if it names one: nothing can be upgraded.
    package func identifiedReader() throws -> any LoanReading {
        try document()
    }

    /// A fixture counts as existing: it cannot be written.
    package func exists() throws -> Bool {
        true
    }

    package func who(reading reader: any LoanReading) -> String {
        run.author.name
    }

    /// inotify on the document, read whole when it changes.
    package func wakeSource() -> any WakeSource {
        FileChanges(data: [path], companions: [], readWhole: true)
    }
}

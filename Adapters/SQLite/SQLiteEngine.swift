import LoansCore
import LoansSystem
import LoansWake

/// The SQLite engine: the loans database in one file, reached by its path's bytes. Reads open the
/// file read-only and never create it; the first write builds it aside and moves it into place
/// (`DatabaseCreation`). Every write is recorded as the run's author.
package final class SQLiteEngine: StoreEngine, WatchedStore {
    let location: DatabaseLocation
    let run: StoreRun

    package init(_ location: DatabaseLocation, run: StoreRun) {
        self.location = location
        self.run = run
    }

    package func reader() throws -> any LoanReading {
        try LoanDatabase.reader(at: location)
    }

    package func readers(upTo capacity: Int) throws -> any LoanReaderPool {
        SQLiteReaderPool(location, capacity: capacity)
    }

    package func signIns(upTo capacity: Int) throws -> any SignInStore {
        SQLiteSignIns(location, capacity: capacity)
    }

    package func writer() throws -> any LoanWriting {
        try LoanDatabase.writer(at: location, author: run.author)
    }

    /// The one writer SQLite allows, whatever the capacity (see `SQLiteWriterPool`).
    package func writers(upTo capacity: Int) throws -> any LoanWriterPool {
        SQLiteWriterPool(location, clock: run.author.clock)
    }

    package func writing<T>(_ body: (any LoanWriting) throws -> T) throws -> T {
        try LoanDatabase.writing(at: location, author: run.author, body)
    }

    package func reminders(recording: Bool) throws -> any LoanReading & ReminderLedger {
        try LoanDatabase.reminders(at: location, recordingAs: recording ? run.author : nil)
    }

    /// Whether anything is at the path (a folder there is refused when the store is opened).
    package func exists() throws -> Bool {
        (try? FileStatus(location.path)) != nil
    }

    package func who(reading reader: any LoanReading) -> String {
        run.author.name
    }

    /// inotify on the files whose changes can change the answer: the database and its `-wal`
    /// (its companion, written by writes only).
    package func wakeSource() -> any WakeSource {
        FileChanges(data: [location.path], companions: [location.path.appending("-wal")])
    }
}

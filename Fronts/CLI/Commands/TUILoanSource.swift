import LoansAdapters
import LoansCore
import LoansTUI

/// The TUI's view of the request: the clock for a new day, the stores (read-only until the
/// first change, then the hooked writer), and a change watcher on the database file and its
/// `-wal`, so changes made by other processes show up without a restart.
final class TUILoanSource: LoanSource {
    private let request: Request
    private var openReader: (any LoanReading)?
    private var openWriter: (any LoanWriting)?
    private var watcher: ChangeWatcher?

    init(request: Request) {
        self.request = request
        if let path = try? request.stores.databasePath(), !path.isEmpty {
            watcher = ChangeWatcher(databasePath: path)
        }
    }

    func currentPolicy() -> DuePolicy {
        request.policy(at: request.clock.now())
    }

    func reader() throws -> any LoanReading {
        if let openReader { return openReader }
        let reader = try request.stores.reader()
        openReader = reader
        return reader
    }

    /// The writer; the reader is opened again after a write, since a database that did not
    /// exist yet was read as empty.
    func writer() throws -> any LoanWriting {
        openReader = nil
        if let openWriter { return openWriter }
        let writer = try request.stores.writer()
        openWriter = writer
        return writer
    }

    func hasChanged() -> Bool {
        guard var watcher else { return false }
        let changed = watcher.poll()
        self.watcher = watcher
        if changed { openReader = nil }
        return changed
    }
}

import LoansCore
import LoansWake

/// The stores and the wake loop of a run that keeps going (the TUI, `widget --watch`, `calendar
/// --watch`). The reader and the writer stay open across changes — on a server, one connection
/// each for the whole run — and are opened again only when the store may be another one now (a
/// database file made or replaced, a server connection lost or made again: the loop says so),
/// or after a failure (the front then waits with a timeout, and its retry reconnects). A reader
/// of no database yet (a missing or empty file, a server without the loans schema) is opened
/// again after every change and after this run's own write, since either may have made it.
final class LiveSession: LoanStores, AgendaChanges {
    private let stores: StoreProvider
    private let loop: WakeLoop
    private var openReader: (any LoanReading)?
    /// Whether the open reader reads a database with its identity, which lasts across changes.
    private var readerLasts = false
    private var openWriter: (any LoanWriting)?

    init(request: Request) {
        stores = request.stores
        request.stores.keepsRunning = true
        loop = WakeLoop(today: request.today, sources: [request.stores.wakeSource()])
        loop.storeReplaced = { [unowned self] in close() }
    }

    func reader() throws -> any LoanReading {
        if let openReader { return openReader }
        let reader = try stores.reader()
        openReader = reader
        readerLasts = (try? reader.databaseIdentity()) != nil
        return reader
    }

    func writer() throws -> any LoanWriting {
        if !readerLasts { openReader = nil }
        if let openWriter { return openWriter }
        let writer = try stores.writer()
        openWriter = writer
        return writer
    }

    func next(input: Int32?, output: Int32?, timeoutMilliseconds: Int?) -> AgendaWake {
        let wake = loop.next(input: input, output: output, timeoutMilliseconds: timeoutMilliseconds)
        switch wake {
        case .timeout: close()
        case .answerMayHaveChanged where !readerLasts: openReader = nil
        default: break
        }
        return wake
    }

    /// Drops both connections; each is opened again when next needed.
    private func close() {
        openReader = nil
        openWriter = nil
    }
}

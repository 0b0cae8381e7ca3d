import LoansCore
import LoansWake

/// The stores and the wake loop of a run that keeps going (the TUI, `widget --watch`, `calendar
/// --watch`): the reader stays open between answers and is opened again once the store may have
/// changed (a database created or replaced after the start, a server restarted), and after this
/// run's own first write; the writer is opened again after a change too.
final class LiveSession: LoanStores, AgendaChanges {
    private let stores: StoreProvider
    private let loop: WakeLoop
    private var openReader: (any LoanReading)?
    private var openWriter: (any LoanWriting)?

    init(request: Request) {
        stores = request.stores
        request.stores.keepsRunning = true
        loop = WakeLoop(today: request.today, sources: [request.stores.wakeSource()])
    }

    func reader() throws -> any LoanReading {
        if let openReader { return openReader }
        let reader = try stores.reader()
        openReader = reader
        return reader
    }

    func writer() throws -> any LoanWriting {
        openReader = nil
        if let openWriter { return openWriter }
        let writer = try stores.writer()
        openWriter = writer
        return writer
    }

    func next(input: Int32?, output: Int32?, timeoutMilliseconds: Int?) -> AgendaWake {
        let wake = loop.next(input: input, output: output, timeoutMilliseconds: timeoutMilliseconds)
        if wake == .answerMayHaveChanged || wake == .timeout {
            // A server that went away took the connections with it: both are made again when next needed.
            openReader = nil
            openWriter = nil
        }
        return wake
    }
}

import LoansAdapters
import LoansCore

/// The stores and change notifications of a run that keeps going (the TUI, `widget --watch`,
/// `calendar --watch`): the reader stays open between answers and is opened again once the store
/// may have changed (a database created or replaced after the start), and after this run's own
/// first write.
final class LiveSession: LoanStores, AgendaChanges {
    private let stores: StoreProvider
    private let changes: any AgendaChanges
    private var openReader: (any LoanReading)?
    private var openWriter: (any LoanWriting)?

    init(request: Request) {
        stores = request.stores
        let files = request.stores.watchedFiles()
        changes = InotifyAgendaChanges(data: files.data, companions: files.companions, today: request.today)
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
        let wake = changes.next(input: input, output: output, timeoutMilliseconds: timeoutMilliseconds)
        if wake == .answerMayHaveChanged || wake == .timeout { openReader = nil }
        return wake
    }
}

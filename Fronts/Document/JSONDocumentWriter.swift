import LoansCore
import LoansText

/// Writes the document (or, with `ndjson`, one loan object per line and nothing else) in
/// chunks: bytes are handed to the sink whenever the buffer passes 64 KiB, so memory stays flat
/// however many loans there are. The document puts each loan on its own line. The same writer
/// serves every front that gives the documents out (`loans json`; next, the web API), whatever
/// the sink; a sink that fails stops the walk with its error.
package struct JSONDocumentWriter {
    private let ndjson: Bool
    private let sink: any ByteSink
    private var buffer: [UInt8] = []
    private var loansWritten = 0
    private var deltasWritten = 0
    private static let chunk = 1 << 16

    package init(ndjson: Bool, into sink: any ByteSink) {
        self.ndjson = ndjson
        self.sink = sink
        buffer.reserveCapacity(JSONDocumentWriter.chunk + 4096)
    }

    mutating func open(_ envelope: LoanDocumentWriting.Envelope) {
        guard !ndjson else { return }
        LoanDocumentWriting.appendOpening(envelope, to: &buffer)
    }

    mutating func loan(_ item: LoanStanding) throws {
        if !ndjson {
            if loansWritten > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(0x0A)
        }
        LoanDocumentWriting.appendLoan(item, to: &buffer)
        if ndjson { buffer.append(0x0A) }
        loansWritten += 1
        if buffer.count >= JSONDocumentWriter.chunk { try flush() }
    }

    /// Opens one change of the history (`--ndjson`: one change per line), before its loans.
    mutating func change(_ change: Change) {
        if !ndjson {
            if loansWritten > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(0x0A)
        }
        LoanDocumentWriting.appendChangeOpening(change, to: &buffer)
        deltasWritten = 0
        loansWritten += 1
    }

    /// One loan of the change being written, before and after.
    mutating func delta(_ delta: LoanDelta) throws {
        if deltasWritten > 0 { buffer.append(UInt8(ascii: ",")) }
        LoanDocumentWriting.appendDelta(delta, to: &buffer)
        deltasWritten += 1
        if buffer.count >= JSONDocumentWriter.chunk { try flush() }
    }

    /// Ends the history that comes first (`json all --history`) and opens the loans.
    mutating func endChanges() {
        if loansWritten > 0 { buffer.append(0x0A) }
        LoanDocumentWriting.appendLoansOpening(to: &buffer)
        loansWritten = 0
    }

    /// Closes the change being written.
    mutating func endChange() throws {
        buffer.append(contentsOf: "]}".utf8)
        if ndjson { buffer.append(0x0A) }
        if buffer.count >= JSONDocumentWriter.chunk { try flush() }
    }

    mutating func close() throws {
        if !ndjson {
            if loansWritten > 0 { buffer.append(0x0A) }
            LoanDocumentWriting.appendClosing(to: &buffer)
            buffer.append(0x0A)
        }
        try flush()
    }

    private mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

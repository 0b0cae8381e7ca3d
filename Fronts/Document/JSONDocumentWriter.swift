import LoansCore
import LoansInterchange
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
    /// Whether the change being written has opened its `people` (after its loans).
    private var inChangePeople = false
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
        inChangePeople = false
        loansWritten += 1
    }

    /// One loan of the change being written, before and after.
    mutating func delta(_ delta: LoanDelta) throws {
        if deltasWritten > 0 { buffer.append(UInt8(ascii: ",")) }
        LoanDocumentWriting.appendDelta(delta, to: &buffer)
        deltasWritten += 1
        if buffer.count >= JSONDocumentWriter.chunk { try flush() }
    }

    /// One contact of the change being written, before and after (after its loans).
    mutating func personDelta(_ delta: PersonDelta) throws {
        if !inChangePeople {
            buffer.append(contentsOf: "],\"people\":[".utf8)
            inChangePeople = true
            deltasWritten = 0
        }
        if deltasWritten > 0 { buffer.append(UInt8(ascii: ",")) }
        LoanDocumentWriting.appendPersonDelta(delta, to: &buffer)
        deltasWritten += 1
        if buffer.count >= JSONDocumentWriter.chunk { try flush() }
    }

    /// One contact of the document (`json all`), on a line of its own; `--ndjson` prints loans
    /// alone, so none there.
    mutating func person(_ person: Person) throws {
        guard !ndjson else { return }
        if loansWritten > 0 { buffer.append(UInt8(ascii: ",")) }
        buffer.append(0x0A)
        LoanDocumentWriting.appendPerson(person, to: &buffer)
        loansWritten += 1
        if buffer.count >= JSONDocumentWriter.chunk { try flush() }
    }

    /// Ends the list that comes first (the history of `json all --history`, or the contacts of
    /// `json all`) and opens the next one, `key`.
    mutating func nextList(_ key: LoanDocument.EnvelopeKey) {
        guard !ndjson else { return }
        if loansWritten > 0 { buffer.append(0x0A) }
        LoanDocumentWriting.appendListOpening(key, to: &buffer)
        loansWritten = 0
    }

    /// Closes the change being written (its `people` empty when it touched none).
    mutating func endChange() throws {
        buffer.append(contentsOf: (inChangePeople ? "]}" : "],\"people\":[]}").utf8)
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

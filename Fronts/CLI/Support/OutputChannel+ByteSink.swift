import LoansText

/// Standard output takes the writers' chunks (text tables, JSON documents) as any sink does; a
/// failed write ends the run in the channel itself (`Console.standard`), so this never throws.
extension OutputChannel: ByteSink {
    package func write(_ chunk: [UInt8]) {
        write(bytes: chunk)
    }
}

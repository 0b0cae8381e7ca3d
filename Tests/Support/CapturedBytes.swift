import LoansText

/// A sink that keeps in memory every chunk a writer hands it, and counts the chunks.
package final class CapturedBytes: ByteSink {
    package private(set) var bytes: [UInt8] = []
    package private(set) var chunks = 0

    package init() {}

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package func write(_ chunk: [UInt8]) {
        bytes += chunk
        chunks += 1
    }
}

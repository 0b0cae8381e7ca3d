import Foundation
import LoansCore

/// A memory store as a pool of readers and writers, one request at a time (a lock around each
/// read and each write), as a server front's pools are.
package final class MemoryPool: LoanReaderPool, LoanWriterPool, @unchecked Sendable {  // `store` is used only under `lock`
    private let lock = NSLock()
    package let store: MemoryStore

    package init(_ store: MemoryStore) {
        self.store = store
    }

    package func read<T>(_ body: (any PooledReader) throws -> T) throws -> T {
        try lock.withLock { try store.snapshot { try body(store) } }
    }

    /// Runs `body` on the store for writing, as `who`, under the same lock.
    package func write<T>(as who: String, _ body: (any LoanWriting) throws -> T) throws -> T {
        try lock.withLock {
            store.author = who
            return try body(store)
        }
    }
}

import Foundation
import LoansCore

/// Sessions, links and accounts in memory, for tests of the web front without a database: the
/// answers every store must give (`SignInContract` runs against it too).
package final class MemorySignIns: SignInStore, @unchecked Sendable {  // every field is guarded by `lock`
    private let lock = NSLock()
    private var links: [String: SignInLink] = [:]
    private var sessions: [String: SessionRecord] = [:]
    /// How many accounts the store holds (issue 23 adds them; tests set a count).
    package var accounts = 0
    /// Every session's hash, for tests that look at what the store keeps.
    package var sessionHashes: [String] { lock.withLock { Array(sessions.keys) } }
    package var linkHashes: [String] { lock.withLock { Array(links.keys) } }

    package init() {}

    package func accountCount() throws -> Int { lock.withLock { accounts } }

    package func addLink(_ link: SignInLink, now: Int64) throws {
        lock.withLock {
            links = links.filter { $0.value.expiresAt > now }
            links[link.tokenHash] = link
        }
    }

    package func takeLink(_ tokenHash: String) throws -> SignInLink? {
        lock.withLock { links.removeValue(forKey: tokenHash) }
    }

    package func startSession(_ session: SessionRecord) throws {
        lock.withLock { sessions[session.tokenHash] = session }
    }

    package func session(_ tokenHash: String) throws -> SessionRecord? {
        lock.withLock { sessions[tokenHash] }
    }

    package func touchSession(_ tokenHash: String, at now: Int64) throws {
        lock.withLock {
            guard let old = sessions[tokenHash], old.lastSeen < now else { return }
            sessions[tokenHash] = SessionRecord(tokenHash: tokenHash, person: old.person, startedAt: old.startedAt, lastSeen: now)
        }
    }

    package func endSession(_ tokenHash: String) throws {
        _ = lock.withLock { sessions.removeValue(forKey: tokenHash) }
    }

    package func endSessions(idleSince cutoff: Int64) throws {
        lock.withLock { sessions = sessions.filter { $0.value.lastSeen >= cutoff } }
    }
}

/// A memory store as a pool of readers, one request at a time (a lock around each read).
package final class MemoryReaderPool: LoanReaderPool, @unchecked Sendable {  // `store` is used only under `lock`
    private let lock = NSLock()
    package let store: MemoryStore

    package init(_ store: MemoryStore) {
        self.store = store
    }

    package func read<T>(_ body: (any LoanReading) throws -> T) throws -> T {
        try lock.withLock { try store.snapshot { try body(store) } }
    }

    /// Runs `body` on the store for writing, as `author`, under the same lock.
    package func write<T>(as author: String, _ body: (MemoryStore) throws -> T) rethrows -> T {
        try lock.withLock {
            store.author = author
            return try body(store)
        }
    }
}

import Foundation
import LoansCore

/// Share links and calendar feeds in memory, beside `MemorySignIns`' sign-ins: the answers every
/// store must give (`LinkContract` runs against it too).
extension MemorySignIns {
    package func keepShareLink(tokenHash: String, name: String, folded: String, now: Int64) throws {
        lock.withLock { shares[folded] = (tokenHash, ShareLink(name: name, createdAt: now)) }
    }

    package func shareLinks() throws -> [ShareLink] {
        lock.withLock { shares.sorted { $0.key < $1.key }.map(\.value.link) }
    }

    package func endShareLink(folded: String) throws -> String? {
        lock.withLock { shares.removeValue(forKey: folded)?.link.name }
    }

    package func shareLink(_ tokenHash: String) throws -> KeptLink<String>? {
        lock.withLock { shares.values.first { $0.tokenHash == tokenHash }.map { KeptLink(tokenHash: $0.tokenHash, holder: $0.link.name) } }
    }

    package func keepFeed(tokenHash: String, account id: Int64, now: Int64) throws {
        lock.withLock { feeds[id] = tokenHash }
    }

    package func endFeed(ofAccount id: Int64) throws -> Bool {
        lock.withLock { feeds.removeValue(forKey: id) != nil }
    }

    package func feed(_ tokenHash: String) throws -> KeptLink<Account>? {
        guard let id = lock.withLock({ feeds.first { $0.value == tokenHash }?.key }) else { return nil }
        return try accounts().first { $0.id == id }.map { KeptLink(tokenHash: tokenHash, holder: $0) }
    }
}

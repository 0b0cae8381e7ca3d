import Foundation
import LoansCore

/// Sessions, links and accounts in memory, for tests of the web front without a database: the
/// answers every store must give (`SignInContract` runs against it too).
package final class MemorySignIns: SignInStore, @unchecked Sendable {  // every field is guarded by `lock`
    let lock = NSLock()
    /// Share links by folded name, and calendar feeds by account (`MemoryLinks.swift`).
    var shares: [String: (tokenHash: String, link: ShareLink)] = [:]
    var feeds: [Int64: String] = [:]
    private var links: [String: SignInLink] = [:]
    private var sessions: [String: SessionRecord] = [:]
    private var accountRows: [(account: Account, hash: String?)] = []
    private var tokens: [String: Int64] = [:]
    private var failures: [(at: Int64, name: String, client: String)] = []
    /// Every session's hash, for tests that look at what the store keeps.
    package var sessionHashes: [String] { lock.withLock { Array(sessions.keys) } }
    package var linkHashes: [String] { lock.withLock { Array(links.keys) } }

    package init() {}

    /// Whoever asks a memory store owns it.
    package func authority() throws -> AccountAuthority {
        AccountAuthority(ownsStore: true, name: "alice", owner: "the store's owner, alice")
    }

    package func accountCount() throws -> Int { lock.withLock { accountRows.count } }

    package func accounts() throws -> [Account] { lock.withLock { accountRows.map(\.account) } }

    package func addAccount(name: String, role: Role, passwordHash: String?, now: Int64) throws -> Account? {
        lock.withLock {
            guard !accountRows.contains(where: { $0.account.name == name }) else { return nil }
            let account = Account(id: (accountRows.map(\.account.id).max() ?? 0) + 1, name: name, role: role, createdAt: now)
            accountRows.append((account, passwordHash))
            return account
        }
    }

    package func passwordHash(ofAccount id: Int64) throws -> String? {
        lock.withLock { accountRows.first { $0.account.id == id }?.hash }
    }

    package func setPasswordHash(_ hash: String, ofAccount id: Int64) throws {
        lock.withLock {
            guard let index = accountRows.firstIndex(where: { $0.account.id == id }) else { return }
            accountRows[index].hash = hash
            sessions = sessions.filter { $0.value.person.account != id }
        }
    }

    package func setRole(_ role: Role, ofAccount id: Int64) throws {
        lock.withLock {
            guard let index = accountRows.firstIndex(where: { $0.account.id == id }) else { return }
            let old = accountRows[index].account
            accountRows[index].account = Account(id: id, name: old.name, role: role, createdAt: old.createdAt)
        }
    }

    package func removeAccount(_ id: Int64) throws {
        lock.withLock {
            let name = accountRows.first { $0.account.id == id }?.account.name
            accountRows.removeAll { $0.account.id == id }
            sessions = sessions.filter { $0.value.person.account != id }
            links = links.filter { $0.value.name != name }
            tokens = tokens.filter { $0.value != id }
            feeds[id] = nil
        }
    }

    package func addToken(_ tokenHash: String, account id: Int64, now: Int64) throws {
        lock.withLock { tokens[tokenHash] = id }
    }

    package func revokeTokens(ofAccount id: Int64) throws -> Int {
        lock.withLock {
            let before = tokens.count
            tokens = tokens.filter { $0.value != id }
            return before - tokens.count
        }
    }

    package func tokenHolder(_ tokenHash: String, now: Int64) throws -> Account? {
        lock.withLock { tokens[tokenHash].flatMap { id in accountRows.first { $0.account.id == id }?.account } }
    }

    package func takeAttempt(name: String, client: String, at now: Int64, since: Int64, limit: Int) throws -> SignInAttempt {
        lock.withLock {
            failures.removeAll { $0.at <= since }
            let recent = failures.sorted { $0.at > $1.at }
            let byName = Array(recent.filter { $0.name == name }.map(\.at).prefix(limit))
            let byClient = Array(recent.filter { $0.client == client }.map(\.at).prefix(limit))
            let admitted = byName.count < limit && byClient.count < limit
            if admitted { failures.append((now, name, client)) }
            return SignInAttempt(byName: byName, byClient: byClient, admitted: admitted)
        }
    }

    package func forgetAttempt(name: String, client: String, at: Int64) throws {
        lock.withLock {
            if let index = failures.firstIndex(where: { $0 == (at, name, client) }) { failures.remove(at: index) }
        }
    }

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
        lock.withLock {
            guard let session = sessions[tokenHash], let account = accountRows.first(where: { $0.account.id == session.person.account })?.account
            else { return nil }
            return SessionRecord(tokenHash: tokenHash, person: account.person, startedAt: session.startedAt, lastSeen: session.lastSeen)
        }
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

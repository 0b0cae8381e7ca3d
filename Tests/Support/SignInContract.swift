import Foundation
import LoansCore
import Testing

/// The sign-in side of the store contract: every store keeps sessions, one-time links and
/// accounts alike (by the hash of a token, outside the history), and `SignIn`'s rules hold on
/// it. Each check gets a way to open its ONE fresh store's sign-ins again (for a database, a new
/// pool each time, as another server on the same database would), and a writer of its loans.
package struct SignInCheck: Sendable, CustomTestStringConvertible {
    package typealias Open = () throws -> (signIns: any SignInStore, loans: any LoanWriting)

    package let name: String
    let body: @Sendable (Open, any PasswordHashing) throws -> Void

    package var testDescription: String { name }

    init(name: String, body: @escaping @Sendable (Open) throws -> Void) {
        self.name = name
        self.body = { open, _ in try body(open) }
    }

    /// A check of accounts and passwords, which hashes with `passwords` (the real Argon2id).
    init(name: String, hashing body: @escaping @Sendable (Open, any PasswordHashing) throws -> Void) {
        self.name = name
        self.body = body
    }

    package func run(passwords: any PasswordHashing, _ open: Open) throws {
        try body(open, passwords)
    }
}

package enum SignInContract {
    package static let checks: [SignInCheck] = [
        SignInCheck(name: "a one-time link signs in once, within ten minutes", body: linkOnce),
        SignInCheck(name: "a session is found by its hash from another connection, and ends on sign-out", body: sessionShared),
        SignInCheck(name: "a session idle for thirty days has ended; use notes it at most hourly", body: idleExpiry),
        SignInCheck(name: "an expired link is spent and dropped; a link taken twice at once signs in once", body: expiredLinks),
        SignInCheck(name: "signing in writes no change to the history and no loan", body: outsideHistory),
        SignInCheck(name: "a store without accounts asks for the owner's link", body: noAccounts),
    ] + AccountContract.checks

    static let owner = SignedIn(name: "alice", role: .editor)
    static let now: Int64 = 1_795_000_000

    static func linkOnce(_ open: SignInCheck.Open) throws {
        let signIn = SignIn(store: try open().signIns)
        try signIn.offerLink("link-a", for: owner, now: now)
        #expect(try signIn.redeem("link-b", startingSession: "s1", now: now + 1) == nil)
        #expect(try signIn.redeem("link-a", startingSession: "s1", now: now + SignIn.linkSeconds - 1) == owner)
        #expect(try signIn.redeem("link-a", startingSession: "s2", now: now + 2) == nil)
        #expect(try signIn.session("s1", now: now + 3)?.person == owner)
        #expect(try signIn.session("s2", now: now + 3) == nil)
    }

    static func sessionShared(_ open: SignInCheck.Open) throws {
        let first = SignIn(store: try open().signIns)
        try first.offerLink("link", for: owner, now: now)
        _ = try first.redeem("link", startingSession: "session-hash", now: now)
        let second = SignIn(store: try open().signIns)
        let found = try #require(try second.session("session-hash", now: now + 10))
        #expect(found.person == owner && found.startedAt == now && found.lastSeen == now)
        try second.signOut("session-hash")
        #expect(try first.session("session-hash", now: now + 11) == nil)
    }

    static func idleExpiry(_ open: SignInCheck.Open) throws {
        let store = try open().signIns
        let signIn = SignIn(store: store)
        let viewer = SignedIn(name: "bob", role: .viewer, account: 7)
        try store.startSession(SessionRecord(tokenHash: "kept", person: viewer, startedAt: now, lastSeen: now))
        try store.startSession(SessionRecord(tokenHash: "idle", person: owner, startedAt: now, lastSeen: now))
        try store.startSession(SessionRecord(tokenHash: "nearly", person: owner, startedAt: now, lastSeen: now))
        #expect(try store.session("kept")?.person == viewer)
        // Used within the hour: no write; past it, noted.
        _ = try signIn.session("kept", now: now + SignIn.touchSeconds - 1)
        #expect(try store.session("kept")?.lastSeen == now)
        _ = try signIn.session("kept", now: now + SignIn.touchSeconds)
        #expect(try store.session("kept")?.lastSeen == now + SignIn.touchSeconds)
        // Thirty days after its last use (and not a second before), a session has ended.
        #expect(try signIn.session("nearly", now: now + SignIn.idleSeconds - 1) != nil)
        #expect(try signIn.session("idle", now: now + SignIn.idleSeconds) == nil)
        #expect(try store.session("idle") == nil)
        #expect(try signIn.session("kept", now: now + SignIn.idleSeconds + 1) != nil)
    }

    static func expiredLinks(_ open: SignInCheck.Open) throws {
        let store = try open().signIns
        let signIn = SignIn(store: store)
        try signIn.offerLink("old", for: owner, now: now)
        #expect(try signIn.redeem("old", startingSession: "s", now: now + SignIn.linkSeconds) == nil)
        #expect(try store.takeLink("old") == nil)
        try signIn.offerLink("stale", for: owner, now: now)
        try signIn.offerLink("fresh", for: owner, now: now + SignIn.linkSeconds)
        #expect(try store.takeLink("stale") == nil, "a link that expired stays behind")
        // Two servers on one store redeem the same link at once: one session starts.
        try signIn.offerLink("race", for: owner, now: now)
        let stores = [try open().signIns, try open().signIns]
        let wins = Wins()
        let barrier = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        for (index, racer) in stores.enumerated() {
            barrier.enter()
            Thread {
                go.wait()
                if (try? SignIn(store: racer).redeem("race", startingSession: "race-\(index)", now: now + 1)) != nil { wins.add() }
                barrier.leave()
            }.start()
        }
        for _ in stores { go.signal() }
        #expect(barrier.wait(timeout: .now() + 60) == .success, "the two sign-ins did not finish within a minute")
        #expect(wins.count == 1)
    }

    static func outsideHistory(_ open: SignInCheck.Open) throws {
        let (store, loans) = try open()
        try SignIn(store: store).offerLink("link", for: owner, now: now)
        _ = try SignIn(store: store).redeem("link", startingSession: "s", now: now)
        try SignIn(store: store).signOut("s")
        var changes = 0
        try loans.history(of: nil, limit: nil) { _ in changes += 1 }
        var count = 0
        try loans.loans(.all) { _ in count += 1 }
        #expect(changes == 0 && count == 0)
    }

    static func noAccounts(_ open: SignInCheck.Open) throws {
        let store = try open().signIns
        #expect(try store.accountCount() == 0)
        #expect(try SignIn(store: store).needsOwnerLink())
    }
}

/// How many racers of `expiredLinks` signed in.
final class Wins: @unchecked Sendable {
    private let lock = NSLock()
    private var won = 0

    func add() {
        lock.withLock { won += 1 }
    }

    var count: Int { lock.withLock { won } }
}

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
        SignInCheck(name: "a link signs in the account of its name as it is, made as an editor without a password when there is none", body: linkAccount),
        SignInCheck(name: "a session is its account as it is now: a new role at once; a new password or the account removed ends it", body: sessionAccount),
    ] + AccountContract.checks + LinkContract.checks

    static let now: Int64 = 1_795_000_000

    /// Offers a link that signs in the owner, alice.
    static func offer(_ signIn: SignIn, _ hash: String, now: Int64) throws {
        try signIn.offerLink(hash, for: "alice", role: .editor, now: now)
    }

    static func linkOnce(_ open: SignInCheck.Open) throws {
        let signIn = SignIn(store: try open().signIns)
        try offer(signIn, "link-a", now: now)
        #expect(try signIn.redeem("link-b", startingSession: "s1", now: now + 1) == nil)
        let owner = try #require(try signIn.redeem("link-a", startingSession: "s1", now: now + SignIn.linkSeconds - 1))
        #expect(owner.name == "alice" && owner.role == .editor)
        #expect(try signIn.redeem("link-a", startingSession: "s2", now: now + 2) == nil)
        #expect(try signIn.session("s1", now: now + 3)?.person == owner)
        #expect(try signIn.session("s2", now: now + 3) == nil)
    }

    static func sessionShared(_ open: SignInCheck.Open) throws {
        let first = SignIn(store: try open().signIns)
        try offer(first, "link", now: now)
        let owner = try #require(try first.redeem("link", startingSession: "session-hash", now: now))
        let second = SignIn(store: try open().signIns)
        let found = try #require(try second.session("session-hash", now: now + 10))
        #expect(found.person == owner && found.startedAt == now && found.lastSeen == now)
        try second.signOut("session-hash")
        #expect(try first.session("session-hash", now: now + 11) == nil)
    }

    static func idleExpiry(_ open: SignInCheck.Open) throws {
        let store = try open().signIns
        let signIn = SignIn(store: store)
        let viewer = try #require(try store.addAccount(name: "bob", role: .viewer, passwordHash: nil, now: now)).person
        let owner = try #require(try store.addAccount(name: "alice", role: .editor, passwordHash: nil, now: now)).person
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
        try offer(signIn, "old", now: now)
        #expect(try signIn.redeem("old", startingSession: "s", now: now + SignIn.linkSeconds) == nil)
        #expect(try store.takeLink("old") == nil)
        try offer(signIn, "stale", now: now)
        try offer(signIn, "fresh", now: now + SignIn.linkSeconds)
        #expect(try store.takeLink("stale") == nil, "a link that expired stays behind")
        // Two servers on one store redeem the same link at once: one session starts.
        try offer(signIn, "race", now: now)
        let stores = [try open().signIns, try open().signIns]
        let wins = Wins()
        let failures = Wins()
        race(stores, failures: failures) { index, racer in
            if try SignIn(store: racer).redeem("race", startingSession: "race-\(index)", now: now + 1) != nil { wins.add() }
        }
        #expect(wins.count == 1 && failures.count == 0)
    }

    /// Runs `body` on a thread of its own for each store, all let go at once; what throws is
    /// counted in `failures`. Waits for all of them, at most a minute.
    static func race(_ stores: [any SignInStore], failures: Wins, _ body: @escaping @Sendable (Int, any SignInStore) throws -> Void) {
        let done = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        for (index, store) in stores.enumerated() {
            done.enter()
            Thread {
                go.wait()
                do { try body(index, store) } catch { failures.add() }
                done.leave()
            }.start()
        }
        for _ in stores { go.signal() }
        #expect(done.wait(timeout: .now() + 60) == .success, "the racers did not finish within a minute")
    }

    static func outsideHistory(_ open: SignInCheck.Open) throws {
        let (store, loans) = try open()
        try offer(SignIn(store: store), "link", now: now)
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

    static func linkAccount(_ open: SignInCheck.Open) throws {
        let store = try open().signIns
        let signIn = SignIn(store: store)
        try offer(signIn, "first", now: now)
        let owner = try #require(try signIn.redeem("first", startingSession: "s1", now: now + 1))
        let made = try #require(try store.accounts().first)
        #expect(try store.accounts().count == 1 && made.person == owner && made.name == "alice" && made.role == .editor)
        #expect(try store.passwordHash(ofAccount: made.id) == nil, "a link's account has no password until one is given")
        #expect(try !signIn.needsOwnerLink())
        // Another link of the same name (folded) signs in the same account, as it is now.
        try store.setRole(.viewer, ofAccount: made.id)
        try signIn.offerLink("second", for: "ALICE", role: .editor, now: now + 2)
        let again = try #require(try SignIn(store: try open().signIns).redeem("second", startingSession: "s2", now: now + 3))
        #expect(again == SignedIn(name: "alice", role: .viewer, account: made.id))
        #expect(try store.accounts().count == 1)
        // Removing the account drops a link still waiting for its name.
        try offer(signIn, "waiting", now: now + 4)
        try store.removeAccount(made.id)
        #expect(try store.takeLink("waiting") == nil)
    }

    static func sessionAccount(_ open: SignInCheck.Open) throws {
        let store = try open().signIns
        let signIn = SignIn(store: store)
        try offer(signIn, "link", now: now)
        let owner = try #require(try signIn.redeem("link", startingSession: "s1", now: now))
        try store.setRole(.viewer, ofAccount: owner.account)
        #expect(try SignIn(store: try open().signIns).session("s1", now: now + 1)?.person == SignedIn(name: "alice", role: .viewer, account: owner.account))
        try store.setPasswordHash("$argon2id$stand-in", ofAccount: owner.account)
        #expect(try signIn.session("s1", now: now + 2) == nil)
        try offer(signIn, "link2", now: now + 3)
        _ = try signIn.redeem("link2", startingSession: "s2", now: now + 3)
        #expect(try signIn.session("s2", now: now + 4) != nil)
        try store.removeAccount(owner.account)
        #expect(try signIn.session("s2", now: now + 5) == nil)
    }
}

/// How many racers won (of `expiredLinks`, `AccountContract.attemptsAtOnce`), and as whom.
final class Wins: @unchecked Sendable {
    private let lock = NSLock()
    private var winners: [String] = []

    func add(_ name: String = "") {
        lock.withLock { winners.append(name) }
    }

    var count: Int { lock.withLock { winners.count } }
    var names: [String] { lock.withLock { winners } }
}

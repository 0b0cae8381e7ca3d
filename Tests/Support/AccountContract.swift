import Foundation
import LoansCore
import Testing

/// The accounts side of the sign-in contract: accounts, passwords, API tokens and the limit on
/// failed sign-ins live in the store alike on every engine, and `Accounts`' and `SignIn`'s rules
/// hold on it — across two pools, as two servers on one database would see them.
enum AccountContract {
    static let checks: [SignInCheck] = [
        SignInCheck(name: "accounts are added, listed and found by name as folded; a folded twin is refused", hashing: addAndFind),
        SignInCheck(name: "a name and its password sign in; a wrong password and an unknown name get the same refusal", hashing: passwordSignIn),
        SignInCheck(name: "five failures for a name or from an address within 15 minutes stop the right password too", hashing: failureLimit),
        SignInCheck(name: "removing an account ends its sessions and tokens at once; a new password ends its sessions", hashing: removeEnds),
        SignInCheck(name: "an API token signs in its account until it is revoked", hashing: tokens),
        SignInCheck(name: "twenty attempts at once, each through a connection of its own, let exactly five through", body: attemptsAtOnce),
        SignInCheck(name: "whoever made the store owns it and keeps its accounts", hashing: keepers),
    ]

    static let now: Int64 = 1_795_000_000
    static let password = Array("correct horse".utf8)

    static func addAndFind(_ open: SignInCheck.Open, _ passwords: any PasswordHashing) throws {
        let accounts = Accounts(store: try open().signIns, passwords: passwords)
        let sam = try accounts.add("Sam", role: .editor, password: password, now: now)
        try accounts.add("Ada", role: .viewer, password: password, now: now + 1)
        let other = Accounts(store: try open().signIns, passwords: passwords)
        #expect(try other.list().map(\.name) == ["Ada", "Sam"])
        #expect(try other.named("SAM") == sam && sam.role == .editor && sam.createdAt == now)
        #expect(throws: AccountError.taken("sAm")) { try other.add("sAm", role: .viewer, password: password, now: now) }
        #expect(throws: AccountError.badName("a\u{7}b")) { try other.add("a\u{7}b", role: .viewer, password: password, now: now) }
        #expect(throws: AccountError.badName(" Sam")) { try other.add(" Sam", role: .viewer, password: password, now: now) }
        #expect(throws: AccountError.badPassword) { try other.add("Bo", role: .viewer, password: Array("short".utf8), now: now) }
        #expect(try open().signIns.accountCount() == 2)
        #expect(try !SignIn(store: try open().signIns).needsOwnerLink())
        let hash = try #require(try open().signIns.passwordHash(ofAccount: sam.id))
        #expect(hash.hasPrefix("$argon2id$") && !hash.contains("correct horse"))
    }

    static func passwordSignIn(_ open: SignInCheck.Open, _ passwords: any PasswordHashing) throws {
        let store = try open().signIns
        let sam = try Accounts(store: store, passwords: passwords).add("Sam", role: .viewer, password: password, now: now)
        let signIn = SignIn(store: try open().signIns)
        func attempt(_ name: String, _ text: String, _ session: String) throws -> SignIn.Outcome {
            try signIn.signIn(name: name, password: Array(text.utf8), client: "192.0.2.1", startingSession: session, now: now, passwords: passwords)
        }
        #expect(try attempt("sam", "correct horse", "s1") == .signedIn(sam.person))
        #expect(try signIn.session("s1", now: now + 1)?.person == sam.person)
        #expect(try attempt("Sam", "wrong horse", "s2") == .refused)
        #expect(try attempt("Nobody", "correct horse", "s3") == .refused)
        #expect(try store.session("s2") == nil && store.session("s3") == nil)
    }

    static func failureLimit(_ open: SignInCheck.Open, _ passwords: any PasswordHashing) throws {
        let store = try open().signIns
        try Accounts(store: store, passwords: passwords).add("Sam", role: .editor, password: password, now: now)
        func attempt(_ signIn: SignIn, _ name: String, _ text: String, from client: String, at: Int64) throws -> SignIn.Outcome {
            try signIn.signIn(name: name, password: Array(text.utf8), client: client, startingSession: "s\(at)\(client)", now: at, passwords: passwords)
        }
        // Five failures for Sam from five addresses, through two servers.
        let servers = [SignIn(store: store), SignIn(store: try open().signIns)]
        for index in 0..<SignIn.failureLimit {
            #expect(try attempt(servers[index % 2], "SAM", "wrong", from: "198.51.100.\(index)", at: now + Int64(index)) == .refused)
        }
        #expect(try attempt(servers[0], "sam", "correct horse", from: "203.0.113.9", at: now + 10) == .limited(retryAfter: SignIn.failureSeconds - 10))
        #expect(try attempt(servers[1], "sam", "correct horse", from: "203.0.113.9", at: now + SignIn.failureSeconds - 1) == .limited(retryAfter: 1))
        if case .signedIn = try attempt(servers[1], "sam", "correct horse", from: "203.0.113.9", at: now + SignIn.failureSeconds) {} else {
            Issue.record("the oldest failure is 15 minutes old: one more attempt is let through")
        }
        // Five failures from one address, for five names: that address is stopped for Sam too.
        let later = now + 10 * SignIn.failureSeconds
        for index in 0..<SignIn.failureLimit {
            #expect(try attempt(servers[index % 2], "nobody\(index)", "wrong", from: "192.0.2.7", at: later + Int64(index)) == .refused)
        }
        #expect(try attempt(servers[0], "Sam", "correct horse", from: "192.0.2.7", at: later + 5) == .limited(retryAfter: SignIn.failureSeconds - 5))
        if case .signedIn = try attempt(servers[0], "Sam", "correct horse", from: "192.0.2.8", at: later + 5) {} else {
            Issue.record("another address signs Sam in")
        }
    }

    static func removeEnds(_ open: SignInCheck.Open, _ passwords: any PasswordHashing) throws {
        let store = try open().signIns
        let accounts = Accounts(store: store, passwords: passwords)
        let sam = try accounts.add("Sam", role: .editor, password: password, now: now)
        let ada = try accounts.add("Ada", role: .editor, password: password, now: now)
        try store.startSession(SessionRecord(tokenHash: "sam-1", person: sam.person, startedAt: now, lastSeen: now))
        try store.startSession(SessionRecord(tokenHash: "ada-1", person: ada.person, startedAt: now, lastSeen: now))
        try accounts.addToken("sam-token", for: "Sam", now: now)
        try accounts.changePassword("ada", to: Array("another horse".utf8))
        #expect(try store.session("ada-1") == nil, "a new password ends the account's sessions")
        #expect(try store.session("sam-1") != nil)
        let other = try open().signIns
        try Accounts(store: other, passwords: passwords).remove("SAM")
        #expect(try store.session("sam-1") == nil && store.tokenHolder("sam-token", now: now) == nil)
        #expect(try store.revokeTokens(ofAccount: sam.id) == 0, "its tokens went with it")
        #expect(try store.accounts().map(\.name) == ["Ada"])
        #expect(throws: AccountError.unknown("Sam")) { try accounts.remove("Sam") }
        #expect(try SignIn(store: store).signIn(
            name: "ada", password: Array("another horse".utf8), client: "::1", startingSession: "ada-2", now: now, passwords: passwords
        ) == .signedIn(ada.person))
    }

    static func tokens(_ open: SignInCheck.Open, _ passwords: any PasswordHashing) throws {
        let store = try open().signIns
        let accounts = Accounts(store: store, passwords: passwords)
        let sam = try accounts.add("Sam", role: .viewer, password: password, now: now)
        try accounts.addToken("t1", for: "sam", now: now)
        try accounts.addToken("t2", for: "Sam", now: now)
        let other = SignIn(store: try open().signIns)
        #expect(try other.bearer("t1", now: now + 1) == sam.person)
        #expect(try other.bearer("t3", now: now + 1) == nil)
        #expect(try accounts.revokeTokens(of: "Sam") == 2)
        #expect(try other.bearer("t1", now: now + 2) == nil && other.bearer("t2", now: now + 2) == nil)
        #expect(try accounts.revokeTokens(of: "Sam") == 0)
    }

    static func attemptsAtOnce(_ open: SignInCheck.Open) throws {
        let stores = try (0..<20).map { _ in try open().signIns }
        for store in stores { _ = try store.accountCount() }  // each pool's connection made before the race
        let admitted = Wins()
        let failures = Wins()
        SignInContract.race(stores, failures: failures) { index, store in
            let client = "192.0.2.\(index)"
            if try store.takeAttempt(name: "sam", client: client, at: now, since: now - SignIn.failureSeconds, limit: SignIn.failureLimit).admitted {
                admitted.add(client)
            }
        }
        #expect(admitted.count == SignIn.failureLimit && failures.count == 0, "\(admitted.count) let through, \(failures.count) failed")
        // One that succeeds is taken back and frees its place.
        try stores[0].forgetAttempt(name: "sam", client: try #require(admitted.names.first), at: now)
        #expect(try stores[1].takeAttempt(name: "sam", client: "203.0.113.1", at: now + 1, since: now - 1, limit: SignIn.failureLimit).admitted)
        #expect(try !stores[2].takeAttempt(name: "sam", client: "203.0.113.2", at: now + 2, since: now - 1, limit: SignIn.failureLimit).admitted)
    }

    static func keepers(_ open: SignInCheck.Open, _ passwords: any PasswordHashing) throws {
        let store = try open().signIns
        let authority = try store.authority()
        #expect(authority.ownsStore && !authority.name.isEmpty && authority.owner.contains("owner"), "\(authority)")
        let accounts = Accounts(store: store, passwords: passwords)
        try accounts.require(.manage)
        try accounts.add("Sam", role: .viewer, password: password, now: now)
        try accounts.changeRole("SAM", to: .editor)
        #expect(try accounts.named("sam")?.role == .editor)
        #expect(throws: AccountError.unknown("Kim")) { try accounts.changeRole("Kim", to: .viewer) }
    }
}

/// The rules of signing in, whoever serves the pages: a one-time link lives ten minutes and
/// signs in once; a session ends after thirty days without use, or when its holder signs out;
/// a name and password sign in unless five sign-ins failed for that name or from that address
/// within fifteen minutes (then none does, right password or not, until the oldest of them is
/// fifteen minutes old). Tokens are made and hashed by the front (Core does no I/O); the store
/// sees only hashes.
package struct SignIn {
    /// How long a one-time link may wait to be used.
    package static let linkSeconds: Int64 = 10 * 60
    /// A session not used for this long has ended.
    package static let idleSeconds: Int64 = 30 * 86_400
    /// How stale a session's last use may grow before a request writes it again: using a page
    /// costs no write for an hour, and the idle expiry is right to within that hour.
    package static let touchSeconds: Int64 = 60 * 60

    /// Failed sign-ins that stop further ones, for one name or from one address…
    package static let failureLimit = 5
    /// …within this many seconds.
    package static let failureSeconds: Int64 = 15 * 60
    /// How much of a name typed a failure keeps (an account's name has at most 100 characters).
    static let countedNameBytes = 512

    let store: any SignInStore

    package init(store: any SignInStore) {
        self.store = store
    }

    /// Whether the store has no account yet (the owner then signs in by a one-time link).
    package func needsOwnerLink() throws -> Bool {
        try store.accountCount() == 0
    }

    /// Keeps a one-time link that signs in the account `name` (made as `role` if there is none
    /// when it is used), valid from `now` for `linkSeconds`.
    package func offerLink(_ tokenHash: String, for name: String, role: Role, now: Int64) throws {
        try store.addLink(SignInLink(tokenHash: tokenHash, name: name, role: role, expiresAt: now + SignIn.linkSeconds), now: now)
    }

    /// Spends the link with `linkHash` and starts a session (`sessionHash`) of the account it
    /// names, as that account is now — made, without a password, when there is none (it signs in
    /// by links until `loans account passwd` gives it one); nil when there is no such link or it
    /// expired (an expired link is spent all the same).
    package func redeem(_ linkHash: String, startingSession sessionHash: String, now: Int64) throws -> SignedIn? {
        guard let link = try store.takeLink(linkHash), link.expiresAt > now else { return nil }
        let account = try account(for: link, now: now)
        try store.startSession(SessionRecord(tokenHash: sessionHash, person: account.person, startedAt: now, lastSeen: now))
        return account.person
    }

    /// The account a link signs in: the one of its name, or one made for it. Another server on
    /// the store may make it at the same moment; then that one is it.
    private func account(for link: SignInLink, now: Int64) throws -> Account {
        if let account = try store.account(named: link.name) { return account }
        if let made = try store.addAccount(name: link.name, role: link.role, passwordHash: nil, now: now) { return made }
        guard let account = try store.account(named: link.name) else { throw AccountError.unknown(link.name) }
        return account
    }

    /// The session with `tokenHash` if it is still on; one idle too long is ended here, and one
    /// last used more than `touchSeconds` ago is noted as used now.
    package func session(_ tokenHash: String, now: Int64) throws -> SessionRecord? {
        guard let session = try store.session(tokenHash) else { return nil }
        if now - session.lastSeen >= SignIn.idleSeconds {
            try store.endSession(tokenHash)
            try store.endSessions(idleSince: now - SignIn.idleSeconds)
            return nil
        }
        if now - session.lastSeen >= SignIn.touchSeconds { try store.touchSession(tokenHash, at: now) }
        return session
    }

    /// What a sign-in with a name and a password came to.
    package enum Outcome: Equatable, Sendable {
        /// A session (the hash given) was started for this person.
        case signedIn(SignedIn)
        /// The name has no account or the password is not its own: the same answer for both.
        case refused
        /// Too many sign-ins failed lately for this name or from this address: try again after
        /// this many seconds. The password was not looked at.
        case limited(retryAfter: Int64)
    }

    /// Signs `name` in with `password` from `client` (an address), starting the session
    /// `sessionHash` when they match. A name without an account is checked against a stand-in
    /// hash, so it costs what a wrong password costs. Each attempt is counted against the name
    /// (as folded) and the address in the store — so every server on it counts alike — before
    /// its password is checked, in the same step as the count it is let through by: however many
    /// come at once, no more than `failureLimit` are checked; one that succeeds is taken back.
    package func signIn(
        name: String, password: [UInt8], client: String, startingSession sessionHash: String, now: Int64, passwords: any PasswordHashing
    ) throws -> Outcome {
        // A name longer than any account's is counted by its first bytes: what a stranger types
        // takes bounded room in the store.
        let key = String(decoding: TextFolding.folded(name).utf8.prefix(SignIn.countedNameBytes), as: UTF8.self)
        let attempt = try store.takeAttempt(name: key, client: client, at: now, since: now - SignIn.failureSeconds, limit: SignIn.failureLimit)
        guard attempt.admitted else {
            let blocking = [attempt.byName, attempt.byClient].filter { $0.count >= SignIn.failureLimit }.compactMap(\.last)
            return .limited(retryAfter: max(1, (blocking.max() ?? now) + SignIn.failureSeconds - now))
        }
        let account = try store.account(named: name)
        let encoded = try account.flatMap { try store.passwordHash(ofAccount: $0.id) }
        let matches = try passwords.verify(password, against: encoded ?? passwords.standIn())
        guard let account, encoded != nil, matches else { return .refused }
        try store.forgetAttempt(name: key, client: client, at: now)
        try store.startSession(SessionRecord(tokenHash: sessionHash, person: account.person, startedAt: now, lastSeen: now))
        return .signedIn(account.person)
    }

    /// Who the API token with `tokenHash` signs in (its account as it is now), or nil when it was
    /// revoked or never made.
    package func bearer(_ tokenHash: String, now: Int64) throws -> SignedIn? {
        try store.tokenHolder(tokenHash, now: now)?.person
    }

    /// Ends the session (signing out).
    package func signOut(_ tokenHash: String) throws {
        try store.endSession(tokenHash)
    }
}

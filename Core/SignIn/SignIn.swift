/// The rules of signing in, whoever serves the pages: a one-time link lives ten minutes and
/// signs in once; a session ends after thirty days without use, or when its holder signs out.
/// Tokens are made and hashed by the front (Core does no I/O); the store sees only hashes.
package struct SignIn {
    /// How long a one-time link may wait to be used.
    package static let linkSeconds: Int64 = 10 * 60
    /// A session not used for this long has ended.
    package static let idleSeconds: Int64 = 30 * 86_400
    /// How stale a session's last use may grow before a request writes it again: using a page
    /// costs no write for an hour, and the idle expiry is right to within that hour.
    package static let touchSeconds: Int64 = 60 * 60

    let store: any SignInStore

    package init(store: any SignInStore) {
        self.store = store
    }

    /// Whether the store has no account yet (the owner then signs in by a one-time link).
    package func needsOwnerLink() throws -> Bool {
        try store.accountCount() == 0
    }

    /// Keeps a one-time link for `person`, valid from `now` for `linkSeconds`.
    package func offerLink(_ tokenHash: String, for person: SignedIn, now: Int64) throws {
        try store.addLink(SignInLink(tokenHash: tokenHash, person: person, expiresAt: now + SignIn.linkSeconds), now: now)
    }

    /// Spends the link with `linkHash` and starts a session (`sessionHash`) for whom it signs in;
    /// nil when there is no such link or it expired (an expired link is spent all the same).
    package func redeem(_ linkHash: String, startingSession sessionHash: String, now: Int64) throws -> SignedIn? {
        guard let link = try store.takeLink(linkHash), link.expiresAt > now else { return nil }
        try store.startSession(SessionRecord(tokenHash: sessionHash, person: link.person, startedAt: now, lastSeen: now))
        return link.person
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

    /// Ends the session (signing out).
    package func signOut(_ tokenHash: String) throws {
        try store.endSession(tokenHash)
    }
}

/// What a person signed in may do: an editor reads and writes, a viewer only reads.
package enum Role: String, Hashable, Sendable, CaseIterable {
    case editor, viewer
}

/// Who a session signs in: an account, as it is now — its name, its role and its id. Every
/// session belongs to an account, the owner's signed in by a one-time link too, so a role
/// changed, a password changed or an account removed applies to each of its sessions at once.
package struct SignedIn: Hashable, Sendable {
    /// The name the history gives the person's changes (`NAME@web`).
    package let name: String
    package let role: Role
    /// The account's id in the store.
    package let account: Int64

    package init(name: String, role: Role, account: Int64) {
        self.name = name
        self.role = role
        self.account = account
    }
}

/// A session as the store keeps it: only the hash of the token the browser holds, never the
/// token itself, so a copy of the database signs nobody in.
package struct SessionRecord: Hashable, Sendable {
    /// The SHA-256 of the session token, in lowercase hex.
    package let tokenHash: String
    /// Its account as the store has it now (a session whose account is gone is no session).
    package let person: SignedIn
    /// Seconds since 1970 (UTC) when it began and when it was last used (to the hour: see
    /// `SignIn.touchSeconds`).
    package let startedAt: Int64
    package let lastSeen: Int64

    package init(tokenHash: String, person: SignedIn, startedAt: Int64, lastSeen: Int64) {
        self.tokenHash = tokenHash
        self.person = person
        self.startedAt = startedAt
        self.lastSeen = lastSeen
    }
}

/// A one-time sign-in link as the store keeps it: the hash of its token, whom it signs in — the
/// account named `name` when it is used, made with `role` and no password if there is none —
/// and until when (seconds since 1970, UTC).
package struct SignInLink: Hashable, Sendable {
    package let tokenHash: String
    package let name: String
    package let role: Role
    package let expiresAt: Int64

    package init(tokenHash: String, name: String, role: Role, expiresAt: Int64) {
        self.tokenHash = tokenHash
        self.name = name
        self.role = role
        self.expiresAt = expiresAt
    }
}

/// The sign-in port: sessions, one-time links and accounts live in the store (SQLite and
/// PostgreSQL alike), so that several servers on one database share them. Tokens reach it only
/// hashed. It is used from many request threads at once; each call is one short transaction.
/// What it may be asked is bounded; when a session expires or a link is spent is `SignIn`'s to
/// decide. The private links (share links and calendar feeds) live beside them, in the same
/// store (`PrivateLinkStore`).
package protocol SignInStore: PrivateLinkStore {
    /// How many accounts the store holds (none: `loans serve` offers the owner a one-time link).
    func accountCount() throws -> Int

    /// Keeps a new one-time link; links that expired before `now` are dropped on the way.
    func addLink(_ link: SignInLink, now: Int64) throws

    /// Takes the link with this hash out of the store and returns it, in one transaction, so it
    /// can be used once only, whoever asks at the same moment; nil when there is none.
    func takeLink(_ tokenHash: String) throws -> SignInLink?

    /// Keeps a new session.
    func startSession(_ session: SessionRecord) throws

    /// The session with this hash, with its account as it is now; nil when there is none or its
    /// account is gone.
    func session(_ tokenHash: String) throws -> SessionRecord?

    /// Notes that the session was used at `now`.
    func touchSession(_ tokenHash: String, at now: Int64) throws

    /// Ends the session (signing out); nothing when there is none.
    func endSession(_ tokenHash: String) throws

    /// Drops every session last used before `cutoff`.
    func endSessions(idleSince cutoff: Int64) throws

    /// Who asks, and whether they own the store (`AccountAuthority`); the store is made first
    /// when it does not exist yet, so its maker owns it.
    func authority() throws -> AccountAuthority

    /// Every account.
    func accounts() throws -> [Account]

    /// Adds an account (without a password when `passwordHash` is nil: it signs in by one-time
    /// links only); nil when one of exactly this name exists (names are compared as folded by
    /// `Accounts` before).
    func addAccount(name: String, role: Role, passwordHash: String?, now: Int64) throws -> Account?

    /// The encoded password hash of the account, or nil (no such account, or no password).
    func passwordHash(ofAccount id: Int64) throws -> String?

    /// Gives the account a new password hash and ends its sessions, in one transaction.
    func setPasswordHash(_ hash: String, ofAccount id: Int64) throws

    /// Gives the account another role; its sessions and API tokens keep going, with that role.
    func setRole(_ role: Role, ofAccount id: Int64) throws

    /// Removes the account with its sessions, the one-time links of its name, its API tokens and
    /// its calendar feed, in one transaction: the next request of any of them is signed out.
    func removeAccount(_ id: Int64) throws

    /// Keeps a new API token of the account.
    func addToken(_ tokenHash: String, account id: Int64, now: Int64) throws

    /// Removes every API token of the account; how many there were.
    func revokeTokens(ofAccount id: Int64) throws -> Int

    /// The account the API token with this hash belongs to, noting its use at `now`; nil when
    /// there is none.
    func tokenHolder(_ tokenHash: String, now: Int64) throws -> Account?

    /// In one step, whoever else asks at the same moment (another request, another server on
    /// the store): the times of the failed sign-ins since `since` for `name` (folded) and from
    /// `client`, each newest first and at most `limit` of each — and, when both are fewer than
    /// `limit`, this attempt noted at `now` as a failure until `forgetAttempt` takes it back
    /// (its password is checked after, outside the step). Attempts older than `since` are
    /// dropped on the way.
    func takeAttempt(name: String, client: String, at now: Int64, since: Int64, limit: Int) throws -> SignInAttempt

    /// The attempt `takeAttempt` noted for `name` from `client` at `at` succeeded: it no longer
    /// counts as a failure.
    func forgetAttempt(name: String, client: String, at: Int64) throws
}

/// What `SignInStore.takeAttempt` found, and whether it let this attempt through.
package struct SignInAttempt: Equatable, Sendable {
    /// The failures that count, newest first: for the name, and from the address.
    package let byName: [Int64]
    package let byClient: [Int64]
    /// True when the attempt was noted (and its password may be checked).
    package let admitted: Bool

    package init(byName: [Int64], byClient: [Int64], admitted: Bool) {
        self.byName = byName
        self.byClient = byClient
        self.admitted = admitted
    }
}

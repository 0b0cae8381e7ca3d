/// A link that shows one person what is between you (`loans share NAME`), as it is listed: whom
/// it shows and when it was made — never its token, which the store does not keep.
package struct ShareLink: Hashable, Sendable {
    /// The person's name as it was last given (a counterparty's name, compared as Core folds it).
    package let name: String
    /// Seconds since 1970 (UTC) when it was made.
    package let createdAt: Int64

    package init(name: String, createdAt: Int64) {
        self.name = name
        self.createdAt = createdAt
    }
}

/// A private link the store found by the hash of a presented token: the hash it keeps, which
/// the front compares with the presented token's in constant time, and what the link opens (a
/// share link's person, a calendar feed's account).
package struct KeptLink<Holder: Sendable>: Sendable {
    package let tokenHash: String
    package let holder: Holder

    package init(tokenHash: String, holder: Holder) {
        self.tokenHash = tokenHash
        self.holder = holder
    }
}

/// The port of private links — addresses whose token is the only key: a share link per person
/// and a calendar feed per account, for a program that can send no cookie (another person's
/// browser, a phone's calendar). They live in the store beside the sign-ins and outside the
/// history (SQLite and PostgreSQL alike), so every server on the store answers them; tokens reach
/// it only hashed. Each call is one short transaction, from any request thread.
package protocol PrivateLinkStore: AnyObject, Sendable {
    /// Keeps the share link of the person whose name folds to `folded`, in place of theirs in the
    /// same transaction: the link before ends at once.
    func keepShareLink(tokenHash: String, name: String, folded: String, now: Int64) throws

    /// Every share link, by name as folded.
    func shareLinks() throws -> [ShareLink]

    /// Ends the share link of the person whose name folds to `folded`; the name it was made
    /// for, or nil when there was none.
    func endShareLink(folded: String) throws -> String?

    /// The share link kept under this hash, with its person's name; nil when there is none.
    func shareLink(_ tokenHash: String) throws -> KeptLink<String>?

    /// Keeps the calendar feed of the account in place of its last one, in the same
    /// transaction: the feed before ends at once.
    func keepFeed(tokenHash: String, account id: Int64, now: Int64) throws

    /// Ends the account's calendar feed; whether it had one.
    func endFeed(ofAccount id: Int64) throws -> Bool

    /// The calendar feed kept under this hash, with its account as it is now; nil when there is
    /// none (or its account is gone).
    func feed(_ tokenHash: String) throws -> KeptLink<Account>?
}

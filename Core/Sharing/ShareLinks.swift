/// The rules of share links, whoever makes them: a link shows one person — a counterparty's name,
/// checked as a loan's counterparty is and compared as Core folds names (`Sam` and `SAM` are one
/// person), with no contact record needed — and there is one link per person: a new one ends the
/// one before at once, and so does revoking it. Who may make them is the store's to say: they
/// are written beside the loans with the same rights, so whoever may write the loans may share
/// them. Tokens are made and hashed by the front (Core does no I/O); the store sees only hashes.
package struct ShareLinks {
    let store: any PrivateLinkStore

    package init(store: any PrivateLinkStore) {
        self.store = store
    }

    /// Keeps a link (the hash of its token) for the person `name`, ending theirs; the name as
    /// kept (trimmed). A name no loan could have is refused (`LoanRuleViolation`).
    @discardableResult
    package func make(for name: String, tokenHash: String, now: Int64) throws -> String {
        let kept = try LoanRules.name(name, .counterparty)
        try store.keepShareLink(tokenHash: tokenHash, name: kept, folded: TextFolding.folded(kept), now: now)
        return kept
    }

    /// Who has a link, and since when, by name as folded.
    package func list() throws -> [ShareLink] {
        try store.shareLinks().sorted { TextFolding.folded($0.name) < TextFolding.folded($1.name) }
    }

    /// Ends the link of the person `name` (as folded) at once; the name it was made for, or nil
    /// when they had none.
    package func revoke(_ name: String) throws -> String? {
        try store.endShareLink(folded: TextFolding.folded(LoanRules.trim(name)))
    }
}

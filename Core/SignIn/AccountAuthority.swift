/// Who is asking the store to manage its web accounts, as the store sees them: whether they own
/// the store — and so manage every account — and the name they go by there, which names their
/// own account. On a shared store, everyone who may read and write the loans is not therefore
/// everyone's keeper: a member may change their own account's password, tokens and calendar feed,
/// and only the owner adds, removes, gives roles, and changes anyone else's.
package struct AccountAuthority: Equatable, Sendable {
    /// True for the store's owner: the database file's owner (or root), or on a server the role
    /// that owns the schema, a superuser, or a member of its administrators' role.
    package let ownsStore: Bool
    /// The asker's name on this store (the OS user on a file, the login role on a server).
    package let name: String
    /// Who owns the store, in words for a refusal: `the file's owner, dana`.
    package let owner: String

    package init(ownsStore: Bool, name: String, owner: String) {
        self.ownsStore = ownsStore
        self.name = name
        self.owner = owner
    }

    /// What one may do to accounts.
    package enum Action: Sendable {
        /// Add an account, remove one, or change its role.
        case manage
        /// Change the password of, make or revoke API tokens or the calendar feed of, the account of
        /// this name.
        case keep(String)
    }

    /// Whether `action` is theirs to do: the owner does everything; anyone keeps their own account.
    package func allows(_ action: Action) -> Bool {
        if ownsStore { return true }
        switch action {
        case .manage: return false
        case .keep(let account): return TextFolding.folded(account) == TextFolding.folded(name)
        }
    }
}

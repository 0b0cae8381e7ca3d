/// The accounts of the web front, as the command line manages them: names checked and compared
/// as Core folds them, passwords hashed by the port, an account's sessions, API tokens and
/// calendar feed ended with it — and each change made only by whom `AccountAuthority` allows
/// (the store's owner, or for their own account's password, tokens and feed, its holder).
package struct Accounts {
    let store: any SignInStore
    let passwords: any PasswordHashing

    package init(store: any SignInStore, passwords: any PasswordHashing) {
        self.store = store
        self.passwords = passwords
    }

    /// Every account, by name as folded.
    package func list() throws -> [Account] {
        try store.accounts().sorted { TextFolding.folded($0.name) < TextFolding.folded($1.name) }
    }

    /// The account named `name` (as folded), or nil.
    package func named(_ name: String) throws -> Account? {
        try store.account(named: name)
    }

    /// Refuses (`AccountError.notOwner`) unless the one asking may do `action`; each change
    /// below asks it too, and a front asks it first, before it asks for a password.
    package func require(_ action: AccountAuthority.Action) throws {
        let authority = try store.authority()
        guard authority.allows(action) else { throw AccountError.notOwner(asker: authority.name, owner: authority.owner) }
    }

    /// Adds an account; its name must be a recipient's name and no other account's.
    @discardableResult
    package func add(_ name: String, role: Role, password: [UInt8], now: Int64) throws -> Account {
        try require(.manage)
        guard ReminderRecipient.person(named: name) != nil else { throw AccountError.badName(name) }
        try Accounts.check(password)
        if try named(name) != nil { throw AccountError.taken(name) }
        guard let account = try store.addAccount(name: name, role: role, passwordHash: try passwords.hash(password), now: now) else {
            throw AccountError.taken(name)
        }
        return account
    }

    /// Gives the account a new password; its sessions end (whoever knew the old one is out).
    package func changePassword(_ name: String, to password: [UInt8]) throws {
        try require(.keep(name))
        guard let account = try named(name) else { throw AccountError.unknown(name) }
        try Accounts.check(password)
        try store.setPasswordHash(try passwords.hash(password), ofAccount: account.id)
    }

    /// Gives the account another role; its sessions and API tokens go on with it at once.
    package func changeRole(_ name: String, to role: Role) throws {
        try require(.manage)
        guard let account = try named(name) else { throw AccountError.unknown(name) }
        try store.setRole(role, ofAccount: account.id)
    }

    /// Removes the account with its sessions, links and API tokens, at once.
    package func remove(_ name: String) throws {
        try require(.manage)
        guard let account = try named(name) else { throw AccountError.unknown(name) }
        try store.removeAccount(account.id)
    }

    /// Keeps the hash of a new API token of the account (the front makes the token and shows it
    /// once).
    package func addToken(_ tokenHash: String, for name: String, now: Int64) throws {
        try require(.keep(name))
        guard let account = try named(name) else { throw AccountError.unknown(name) }
        try store.addToken(tokenHash, account: account.id, now: now)
    }

    /// Revokes every API token of the account; how many there were.
    package func revokeTokens(of name: String) throws -> Int {
        try require(.keep(name))
        guard let account = try named(name) else { throw AccountError.unknown(name) }
        return try store.revokeTokens(ofAccount: account.id)
    }

    /// Keeps the hash of the account's new private calendar feed (the front makes the token and
    /// shows the address once), ending the one before at once.
    package func makeFeed(_ tokenHash: String, for name: String, now: Int64) throws {
        try require(.keep(name))  // a feed reads every loan: its holder's, or the owner's, to make
        guard let account = try named(name) else { throw AccountError.unknown(name) }
        try store.keepFeed(tokenHash: tokenHash, account: account.id, now: now)
    }

    /// Ends the account's private calendar feed at once; whether it had one.
    package func revokeFeed(of name: String) throws -> Bool {
        try require(.keep(name))
        guard let account = try named(name) else { throw AccountError.unknown(name) }
        return try store.endFeed(ofAccount: account.id)
    }

    /// At least `Account.passwordMinimum` characters, at most `Account.passwordLimit` bytes, no NUL.
    static func check(_ password: [UInt8]) throws {
        guard password.count <= Account.passwordLimit, !password.contains(0),
              String(decoding: password, as: UTF8.self).count >= Account.passwordMinimum
        else { throw AccountError.badPassword }
    }
}

extension SignInStore {
    /// The account named `name` as Core folds names, or nil.
    func account(named name: String) throws -> Account? {
        let wanted = TextFolding.folded(name)
        return try accounts().first { TextFolding.folded($0.name) == wanted }
    }
}

/// A person who signs in on the web with a name and a password: kept in the store beside the
/// loans, outside the history, and never written into a document.
package struct Account: Hashable, Sendable {
    package let id: Int64
    /// The name as it was given (compared as Core folds it: `Sam` and `SAM` are one account).
    package let name: String
    package let role: Role
    /// Seconds since 1970 (UTC) when it was added.
    package let createdAt: Int64

    package init(id: Int64, name: String, role: Role, createdAt: Int64) {
        self.id = id
        self.name = name
        self.role = role
        self.createdAt = createdAt
    }

    /// Who a session of this account signs in.
    package var person: SignedIn { SignedIn(name: name, role: role, account: id) }

    /// The most bytes a password has (Argon2 takes more; a longer one is a mistake or an attack).
    package static let passwordLimit = 1024
    /// The fewest characters a password has.
    package static let passwordMinimum = 8
}

/// Why an account could not be added, changed or found. Each front words it.
package enum AccountError: Error, Equatable, Sendable {
    /// The name is empty, too long, begins or ends with a space, holds a control character or
    /// begins with `mailto:` — the rules of a reminder's recipient, since an account is one.
    case badName(String)
    /// Another account has this name (as Core folds names).
    case taken(String)
    /// No account has this name.
    case unknown(String)
    /// The password is shorter than `Account.passwordMinimum` characters or longer than
    /// `Account.passwordLimit` bytes, or holds a NUL.
    case badPassword
    /// Only the store's owner may do this (`AccountAuthority`): who asked, and who owns it.
    case notOwner(asker: String, owner: String)
}

/// The port of password hashing: the store keeps only what `hash` makes (an encoded Argon2id
/// string with its own salt and parameters), never the password.
package protocol PasswordHashing: Sendable {
    /// A new encoded hash of `password`, with a new random salt.
    func hash(_ password: [UInt8]) throws -> String
    /// Whether `password` is the one `encoded` was made from.
    func verify(_ password: [UInt8], against encoded: String) throws -> Bool
    /// An encoded hash of no one's password, with the same parameters: a name without an
    /// account is checked against it, so that it costs the same time as a wrong password.
    func standIn() throws -> String
}

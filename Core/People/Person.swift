/// A person loans keeps a contact for: the name as it was given, and an e-mail address when one
/// was given. A person is the counterparty of the loans whose counterparty has the same name as
/// Core folds names (`PersonKey`), so `alice`, `Alice` and `ALICE` are one person.
package struct Person: Hashable, Sendable {
    /// The name as given (trimmed, by the rules of a counterparty's name).
    package var name: String
    package var email: EmailAddress?

    package init(name: String, email: EmailAddress? = nil) {
        self.name = name
        self.email = email
    }

    /// Who this is, as names are compared.
    package var key: PersonKey { PersonKey(name) }
}

/// A person's name as names are compared: folded by `TextFolding`, so every spelling of a name
/// that differs only in letter case or in how its characters are composed is one key. Keys sort
/// by their UTF-8 bytes, the same order on every store.
package struct PersonKey: Hashable, Comparable, Sendable {
    /// The folded name.
    package let folded: String

    /// The key of a name (trimmed first, as every stored name is).
    package init(_ name: some StringProtocol) {
        folded = TextFolding.folded(LoanRules.trim(String(name)))
    }

    /// A key as a store keeps it (already folded).
    package init(folded: String) {
        self.folded = folded
    }

    package static func < (lhs: PersonKey, rhs: PersonKey) -> Bool {
        lhs.folded.utf8.lexicographicallyPrecedes(rhs.folded.utf8)
    }
}

/// One person's part in a change: the contact before and after it (nil when there was none
/// before, or none after).
package struct PersonDelta: Hashable, Sendable {
    package let key: PersonKey
    package let before: Person?
    package let after: Person?

    package init(key: PersonKey, before: Person?, after: Person?) {
        self.key = key
        self.before = before
        self.after = after
    }
}

/// The rules every person's contact obeys, whoever writes it.
package enum PersonRules {
    /// A name: the rules of a counterparty (trimmed, 1 to 500 characters, no NUL), so that every
    /// counterparty can be a person and every person a counterparty.
    package static func name(_ text: String) throws(LoanRuleViolation) -> String {
        try LoanRules.name(text, .name)
    }
}

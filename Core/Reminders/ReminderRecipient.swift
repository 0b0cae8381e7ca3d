/// Whom reminders go to. Each recipient has a sent-state of their own, so a recipient is a
/// person, not a login: the same person running `loans remind` on two machines is one recipient
/// (each reminder reaches them once, from whichever machine runs first), and two people with the
/// same login name on two machines are two once each names themselves.
package enum ReminderRecipient: Hashable, Sendable, CustomStringConvertible {
    /// A person of the household, by name: the config's `remind.recipient`, else the login name
    /// (an account of the web front with the same name is the same person).
    case person(String)
    /// Someone reminded at an e-mail address (a borrower), whose sent-state is kept apart from any
    /// person's, even one whose name reads like the address.
    case address(String)

    /// The most characters a person's name has.
    package static let nameLimit = 100
    /// What begins an address's key in the ledger; a person's name never begins with it.
    package static let addressMark = "mailto:"

    /// A person named `name`, or nil when the name is empty, longer than `nameLimit`, begins or
    /// ends with a space, holds a control character, or begins with `mailto:` (an address's mark).
    package static func person(named name: String) -> ReminderRecipient? {
        guard !name.isEmpty, LoanRules.fits(name, nameLimit), LoanRules.trim(name) == name,
              !name.unicodeScalars.contains(where: \.isTerminalControl),
              !name.lowercased().hasPrefix(addressMark)
        else { return nil }
        return .person(name)
    }

    /// The recipient as every ledger stores it: a person's name as it is (so the login names
    /// kept before recipients were people still mean those people), an address after `mailto:`.
    package var ledgerKey: String {
        switch self {
        case .person(let name): name
        case .address(let address): ReminderRecipient.addressMark + address
        }
    }

    package var description: String {
        switch self {
        case .person(let name): name
        case .address(let address): address
        }
    }
}

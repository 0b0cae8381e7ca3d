import LoansCore

/// The words for people: what `loans person` set or shows, the lines of `loans people`, and what
/// a change of a contact did in the history and in undo's message. Names are data: every one is
/// made safe for a terminal (`SafeText`); an address never holds a control character.
package enum PersonText {
    /// `Alice: alice@example.org`, or `Alice: no address`.
    package static func contact(_ person: Person) -> String {
        "\(SafeText.sanitized(person.name)): \(address(person.email))"
    }

    /// What `loans person NAME --email … | --no-email` did: `Added Alice: alice@example.org.`,
    /// `Set Alice: new@example.org (was old@example.org).`, `Unchanged: Alice: no address.`
    package static func set(_ outcome: PersonOutcome) -> String {
        guard let before = outcome.before else { return "Added \(contact(outcome.after))." }
        guard before != outcome.after else { return "Unchanged: \(contact(outcome.after))." }
        return "Set \(contact(outcome.after)) (was \(was(before, outcome.after)))."
    }

    /// `loans person NAME`: the person's contact and loans, one field a line.
    package static func detail(_ person: PersonStanding) -> [String] {
        let fields = [
            ("Name", SafeText.sanitized(person.name)),
            ("E-mail", person.email?.text ?? "none"),
            ("Contact", person.isContact ? "kept" : "none (only named by loans)"),
            ("Open loans", "\(person.openLoans) (\(person.loans) in all)"),
        ]
        let width = fields.map { $0.0.count }.max() ?? 0
        return fields.map { label, value in label + ":" + String(repeating: " ", count: width - label.count + 2) + value }
    }

    /// `loans people`: one row each — name, address, open loans — laid out as a table;
    /// `No people yet.` when there is nobody.
    package static func table(_ everyone: [PersonStanding]) -> [String] {
        guard !everyone.isEmpty else { return ["No people yet."] }
        var table = TextTable()
        table.capsLastColumn = false
        return table.render(everyone.map { person in
            [person.name, address(person.email), person.openLoans == 1 ? "1 open loan" : "\(person.openLoans) open loans"]
        })
    }

    /// What a change of a contact did, for the history: `contact added: alice@example.org`,
    /// `address now new@example.org (was old@example.org)`, `address removed (was …)`, `name now
    /// Alice (was alice)`.
    package static func what(_ delta: PersonDelta) -> String {
        guard let after = delta.after else { return "contact removed" }
        guard let before = delta.before else { return "contact added: \(address(after.email))" }
        var parts: [String] = []
        if before.name != after.name { parts.append("name now \(SafeText.sanitized(after.name)) (was \(SafeText.sanitized(before.name)))") }
        switch (before.email, after.email) {
        case (nil, let new?): parts.append("address set to \(new.text)")
        case (let old?, nil): parts.append("address removed (was \(old.text))")
        case (let old?, let new?) where old != new: parts.append("address now \(new.text) (was \(old.text))")
        default: break
        }
        return parts.isEmpty ? "contact set" : parts.joined(separator: "; ")
    }

    private static func address(_ email: EmailAddress?) -> String {
        email?.text ?? "no address"
    }

    /// What differs in `before`: its address, and its name when that was spelled otherwise.
    private static func was(_ before: Person, _ after: Person) -> String {
        before.name == after.name ? address(before.email) : contact(before)
    }
}

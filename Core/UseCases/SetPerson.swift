/// What setting a contact did: the contact before (nil when it is new) and after. When the two
/// are equal nothing was written, and the history records nothing.
package struct PersonOutcome: Hashable, Sendable {
    package let before: Person?
    package let after: Person

    package init(before: Person?, after: Person) {
        self.before = before
        self.after = after
    }
}

/// `loans person NAME --email ADDRESS | --no-email`: keeps a contact for the person of that name
/// (as names are compared: `PersonKey`), with the address or without one, as one `person` change.
/// The contact takes the name as given this time, so setting it again with another spelling
/// respells it; setting what is already kept writes nothing.
package struct SetPerson {
    let store: any LoanWriting

    package init(store: any LoanWriting) {
        self.store = store
    }

    package func run(_ name: String, email: EmailAddress?) throws(LoanCommandError) -> PersonOutcome {
        try commanding {
            let person = Person(name: try PersonRules.name(name), email: email)
            return try store.change(.person) { writer in
                let before = try writer.person(person.key)
                if before != person { try writer.setPerson(person) }
                return PersonOutcome(before: before, after: person)
            }
        }
    }
}

import LoansCore

/// What kind of value an option, a positional argument or a setting takes, as help, the man page
/// and the shells need to know it: which values a choice offers, which date forms a date accepts,
/// what to complete. How the bytes are read is the `ValueReader` made with the kind.
package enum ValueKind: Equatable, Sendable {
    /// An option that takes no value.
    case flag
    /// Free text: a title, a note. Must be UTF-8.
    case text
    /// A person or library: text, completed from the counterparties already used.
    case name
    /// A date in the given forms.
    case date(DateForms)
    /// `+N[dwmy]`, counted in days when the unit is left out.
    case offset
    /// A whole number in a range; `unit` names what is counted ("days", "columns").
    case number(ClosedRange<Int>, unit: String)
    /// A list of days before a due date, like `3,1,0` (the empty text: none).
    case days
    /// A program to run (`--exec PROGRAM [ARG…]`): every word after it is the program's own.
    case program
    /// A loan id (a positive whole number), completed from the loans it may name.
    case id(LoanIDs)
    /// A file path, kept as the bytes given.
    case path
    /// One of `values`; `noun` says what they are ("format").
    case choice([String], noun: String)
    /// The name of a loans command.
    case command

    /// Whether the value is a loan id, whichever loans complete.
    package var isLoanID: Bool {
        if case .id = self { return true }
        return false
    }

    /// The values the shells offer for a choice.
    package var choices: [String] {
        if case .choice(let values, _) = self { return values }
        return []
    }
}

/// Which loans the shells offer for an id.
package enum LoanIDs: CaseIterable, Sendable {
    /// The most urgent open loans (what `show`, `renew`, `return` take).
    case open
    /// The loans returned most recently (what `reopen` takes).
    case returned
}

/// A value refused by its kind; the message names where it came from.
package struct ValueError: Error {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }
}

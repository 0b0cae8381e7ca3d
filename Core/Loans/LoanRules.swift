/// A field of a loan (or a person's name), as named in messages and documents.
package enum LoanField: String, Sendable {
    case title, counterparty, note
    /// A person's name (`loans person NAME`, a document's `people`).
    case name
    case lentOn = "lent_on"
    case dueOn = "due_on"
    case returnedOn = "returned_on"
}

/// Why a loan's values were refused.
package enum LoanRuleViolation: Error, Equatable, Sendable, CustomStringConvertible {
    case empty(LoanField)
    case tooLong(LoanField, limit: Int)
    /// U+0000: no store keeps it alike (PostgreSQL text cannot hold it), so no loan has one.
    case nulCharacter(LoanField)
    case dueBeforeLent(lentOn: CivilDate, dueOn: CivilDate)
    case returnedBeforeLent(lentOn: CivilDate, returnedOn: CivilDate)

    package var description: String {
        switch self {
        case .empty(let field):
            return "\(field.rawValue) must not be empty"
        case .tooLong(let field, let limit):
            return "\(field.rawValue) is longer than \(limit) characters"
        case .nulCharacter(let field):
            return "\(field.rawValue) contains a NUL character (U+0000), which loans does not store"
        case .dueBeforeLent(let lent, let due):
            return "due date \(due) is before the lent date \(lent)"
        case .returnedBeforeLent(let lent, let returned):
            return "return date \(returned) is before the lent date \(lent)"
        }
    }
}

/// The rules every loan obeys, whoever writes it.
package enum LoanRules {
    package static let nameLimit = 500
    package static let noteLimit = 10_000

    /// A title or counterparty: trimmed, non-empty, at most 500 characters.
    package static func name(_ text: String, _ field: LoanField) throws(LoanRuleViolation) -> String {
        let trimmed = trim(text)
        guard !trimmed.isEmpty else { throw .empty(field) }
        guard !trimmed.utf8.contains(0) else { throw .nulCharacter(field) }
        guard fits(trimmed, nameLimit) else { throw .tooLong(field, limit: nameLimit) }
        return trimmed
    }

    /// A note: nil when absent or blank, otherwise at most 10 000 characters.
    package static func note(_ text: String?) throws(LoanRuleViolation) -> String? {
        guard let text, !trim(text).isEmpty else { return nil }
        guard fits(text, noteLimit) else { throw .tooLong(.note, limit: noteLimit) }
        guard !text.utf8.contains(0) else { throw .nulCharacter(.note) }
        return text
    }

    /// Lent, due and return dates in an order that makes sense.
    package static func dates(lentOn: CivilDate, dueOn: CivilDate, returnedOn: CivilDate?) throws(LoanRuleViolation) {
        guard lentOn <= dueOn else { throw .dueBeforeLent(lentOn: lentOn, dueOn: dueOn) }
        if let returnedOn, returnedOn < lentOn {
            throw .returnedBeforeLent(lentOn: lentOn, returnedOn: returnedOn)
        }
    }

    /// Drops the earlier due dates that are not before the due date, and returns them (oldest
    /// first): the renewals run oldest first, each earlier due date before the next and the last
    /// before the due date, as every document that carries them says (an import refuses others).
    /// They are in that order, so those dropped are the newest ones; in a loan an older version
    /// of loans let out of order, the first one out of order goes with everything after it.
    package static func keepRenewalsBeforeDue(_ loan: inout Loan) -> [CivilDate] {
        var kept = 0
        for date in loan.previousDueDates {
            guard date < loan.dueOn, kept == 0 || loan.previousDueDates[kept - 1] < date else { break }
            kept += 1
        }
        let dropped = Array(loan.previousDueDates[kept...])
        loan.previousDueDates.removeLast(dropped.count)
        return dropped
    }

    /// Checks every rule on a whole loan, returning it with names trimmed and a blank note dropped.
    package static func validated(_ loan: Loan) throws(LoanRuleViolation) -> Loan {
        var loan = loan
        loan.title = try name(loan.title, .title)
        loan.counterparty = try name(loan.counterparty, .counterparty)
        loan.note = try note(loan.note)
        try dates(lentOn: loan.lentOn, dueOn: loan.dueOn, returnedOn: loan.returnedOn)
        return loan
    }

    /// Counts characters only up to the limit, so a 100 MB value is refused quickly.
    package static func fits(_ text: String, _ limit: Int) -> Bool {
        if text.utf8.count <= limit { return true }
        var count = 0
        for _ in text {
            count += 1
            if count > limit { return false }
        }
        return true
    }

    /// The text without white space at either end.
    package static func trim(_ text: String) -> String {
        let visible: ClosedRange<UInt8> = 0x21...0x7E
        if let first = text.utf8.first, let last = text.utf8.last, visible.contains(first), visible.contains(last) {
            return text
        }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}

/// Which way a loan goes.
package enum Direction: String, Hashable, Sendable, CaseIterable {
    /// I gave it to someone.
    case lent
    /// I have it from someone or a library.
    case borrowed
}

/// A loan's stable identity.
package struct LoanID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: Int64

    package init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Reads an id as typed: a positive whole number, optionally written `#12`.
    package init?(parsing text: String) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = Int64(digits), value > 0
        else { return nil }
        rawValue = value
    }

    package var description: String { String(rawValue) }

    /// The largest id loans gives or accepts: 2^53 − 1, the largest whole number every JSON
    /// reader keeps exactly.
    package static let maximum = LoanID((1 << 53) - 1)

    package static func < (lhs: LoanID, rhs: LoanID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// A thing lent or borrowed: a plain value, as stored and as exchanged.
package struct Loan: Hashable, Sendable {
    package var id: LoanID
    package var title: String
    package var direction: Direction
    package var counterparty: String
    package var lentOn: CivilDate
    package var dueOn: CivilDate
    package var returnedOn: CivilDate?
    package var note: String?
    /// Earlier due dates, oldest first; one for each renewal.
    package var previousDueDates: [CivilDate]

    package init(
        id: LoanID, title: String, direction: Direction, counterparty: String,
        lentOn: CivilDate, dueOn: CivilDate, returnedOn: CivilDate? = nil,
        note: String? = nil, previousDueDates: [CivilDate] = []
    ) {
        self.id = id
        self.title = title
        self.direction = direction
        self.counterparty = counterparty
        self.lentOn = lentOn
        self.dueOn = dueOn
        self.returnedOn = returnedOn
        self.note = note
        self.previousDueDates = previousDueDates
    }

    /// How many times the due date was moved by a renewal.
    package var renewals: Int { previousDueDates.count }

    /// Still out: not returned yet.
    package var isOpen: Bool { returnedOn == nil }

    /// Days after the due date it came back (0 when on time or early); nil while it is out.
    package var daysReturnedLate: Int? {
        returnedOn.map { max(0, $0.days(since: dueOn)) }
    }
}

/// What `add` needs to create a loan; the store assigns the id.
package struct LoanDraft: Hashable, Sendable {
    package var title: String
    package var direction: Direction
    package var counterparty: String
    package var lentOn: CivilDate
    package var dueOn: CivilDate
    package var note: String?

    package init(
        title: String, direction: Direction, counterparty: String,
        lentOn: CivilDate, dueOn: CivilDate, note: String? = nil
    ) {
        self.title = title
        self.direction = direction
        self.counterparty = counterparty
        self.lentOn = lentOn
        self.dueOn = dueOn
        self.note = note
    }
}

/// Which way a loan goes.
public enum Direction: String, Hashable, Sendable, CaseIterable {
    /// I gave it to someone.
    case lent
    /// I have it from someone or a library.
    case borrowed
}

/// A loan's stable identity.
public struct LoanID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    /// The largest id: 2^53 − 1, the largest whole number every JSON reader keeps exactly.
    public static let largest = LoanID((1 << 53) - 1)

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Reads an id as typed: a positive whole number, optionally written `#12`.
    public init?(parsing text: String) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = Int64(digits), value > 0
        else { return nil }
        rawValue = value
    }

    public var description: String { String(rawValue) }

    /// The largest id loans gives or accepts: 2^53 − 1, exact in every JSON reader.
    public static let maximum = LoanID(9_007_199_254_740_991)

    public static func < (lhs: LoanID, rhs: LoanID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// A thing lent or borrowed: a plain value, as stored and as exchanged.
public struct Loan: Hashable, Sendable {
    public var id: LoanID
    public var title: String
    public var direction: Direction
    public var counterparty: String
    public var lentOn: CivilDate
    public var dueOn: CivilDate
    public var returnedOn: CivilDate?
    public var note: String?
    /// Earlier due dates, oldest first; one for each renewal.
    public var previousDueDates: [CivilDate]

    public init(
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
    public var renewals: Int { previousDueDates.count }

    /// Still out: not returned yet.
    public var isOpen: Bool { returnedOn == nil }

    /// Days after the due date it came back (0 when on time or early); nil while it is out.
    public var daysReturnedLate: Int? {
        returnedOn.map { max(0, $0.days(since: dueOn)) }
    }
}

/// What `add` needs to create a loan; the store assigns the id.
public struct LoanDraft: Hashable, Sendable {
    public var title: String
    public var direction: Direction
    public var counterparty: String
    public var lentOn: CivilDate
    public var dueOn: CivilDate
    public var note: String?

    public init(
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

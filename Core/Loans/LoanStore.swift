/// Which loans a listing covers.
public enum LoanSelection: Hashable, Sendable {
    case open, returned, all
}

/// Where an ordered walk over open loans resumes: strictly after this due date and id.
public struct DueOrderKey: Hashable, Comparable, Sendable {
    public let dueOn: CivilDate
    public let id: LoanID

    public init(dueOn: CivilDate, id: LoanID) {
        self.dueOn = dueOn
        self.id = id
    }

    public static func < (lhs: DueOrderKey, rhs: DueOrderKey) -> Bool {
        (lhs.dueOn, lhs.id) < (rhs.dueOn, rhs.id)
    }
}

/// The read side of loan storage. Stores answer bounded, ordered ranges so that use
/// cases never need the whole table; which range, which order and what counts stay in Core.
public protocol LoanReading {
    /// Runs `body` against one consistent snapshot, so that several answers agree
    /// even while another process writes.
    func snapshot<T>(_ body: () throws -> T) throws -> T

    /// One loan, or nil when no loan has this id.
    func loan(_ id: LoanID) throws -> Loan?

    /// How many open loans are due within `range`.
    func countOpenLoans(due range: DueRange) throws -> Int

    /// Loans of a selection in id order.
    func loans(_ selection: LoanSelection, _ visit: (Loan) throws -> Void) throws

    /// Open loans due within `range` that match `text` (see `LoanTextMatch`; nil matches all),
    /// in (due date, id) order — or the reverse when `descending` — strictly beyond `key` in
    /// that order when given, at most `limit` of them when given. Every ordered question over
    /// open loans is this one: a whole group for a report, or a screenful forwards or
    /// backwards from a key.
    func openLoans(
        due range: DueRange, matching text: String?, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (Loan) throws -> Void
    ) throws
}

/// What `openLoans(due:matching:…)` means by a match: the text occurs in the title or the
/// counterparty, ASCII letters compared without regard to case (as SQLite's `LIKE`), every
/// other character exactly. The empty text matches every loan.
public struct LoanTextMatch: Sendable {
    private let needle: [UInt8]

    public init(_ text: String) {
        needle = text.utf8.map(LoanTextMatch.folded)
    }

    public func matches(_ loan: Loan) -> Bool {
        contains(loan.title) || contains(loan.counterparty)
    }

    /// Whether `haystack` contains the text.
    public func contains(_ haystack: String) -> Bool {
        guard !needle.isEmpty else { return true }
        let bytes = haystack.utf8.map(LoanTextMatch.folded)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }
}

/// The write side of loan storage: each call is one transaction, all or nothing.
public protocol LoanWriting: LoanReading {
    /// Stores a new loan and returns its id.
    func add(_ draft: LoanDraft) throws -> LoanID

    /// Reads the loan, lets `change` modify it and writes it back, in one transaction.
    /// Returns nil (writing nothing) when no loan has this id; an error thrown by
    /// `change` rolls the transaction back and is rethrown.
    func modify(_ id: LoanID, _ change: (inout Loan) throws -> Void) throws -> Loan?

    /// Deletes a loan; false when no loan had this id.
    func remove(_ id: LoanID) throws -> Bool

    /// Writes every loan `produce` hands over in one transaction, keeping each id when it
    /// is free and giving the others new ids. Anything `produce` throws rolls back all.
    func importLoans(_ produce: (_ insert: (Loan) throws -> Void) throws -> Void) throws -> ImportOutcome
}

/// What an import did.
public struct ImportOutcome: Hashable, Sendable {
    /// Loans written.
    public var imported: Int
    /// Loans whose id was taken and which got a new one.
    public var renumbered: Int

    public init(imported: Int, renumbered: Int) {
        self.imported = imported
        self.renumbered = renumbered
    }
}

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

    /// Changes newest first — only those that touched `loan` when given (also after it was
    /// removed) — at most `limit` of them when given.
    func history(of loan: LoanID?, limit: Int?, _ visit: (Change) throws -> Void) throws

    /// One change, or nil when no change has this id.
    func change(_ id: ChangeID) throws -> Change?

    /// The loans a change touched, with their states before and after, by loan id (only
    /// `loan`'s when given).
    func deltas(of change: ChangeID, loan: LoanID?, _ visit: (LoanDelta) throws -> Void) throws

    /// How many changes touched the loan and when the newest was made; nil when the history
    /// holds none (a fixture, or a loan from before the history was kept).
    func revision(of loan: LoanID) throws -> LoanRevision?

    /// The store's identity: random, made once with the store (a database from before identities
    /// gets one with its first write), so ids from different stores never meet; nil when it has
    /// none.
    func databaseIdentity() throws -> String?
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

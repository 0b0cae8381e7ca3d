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

    /// The key of an open loan.
    public init(_ loan: Loan) {
        self.init(dueOn: loan.dueOn, id: loan.id)
    }

    public static func < (lhs: DueOrderKey, rhs: DueOrderKey) -> Bool {
        (lhs.dueOn, lhs.id) < (rhs.dueOn, rhs.id)
    }
}

/// Where a walk over returned loans resumes: strictly beyond this return date and id.
public struct ReturnOrderKey: Hashable, Comparable, Sendable {
    public let returnedOn: CivilDate
    public let id: LoanID

    public init(returnedOn: CivilDate, id: LoanID) {
        self.returnedOn = returnedOn
        self.id = id
    }

    public static func < (lhs: ReturnOrderKey, rhs: ReturnOrderKey) -> Bool {
        (lhs.returnedOn, lhs.id) < (rhs.returnedOn, rhs.id)
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

    /// Open loans due within `range`, in (due date, id) order — or the reverse when
    /// `descending` — strictly beyond `key` in that order when given, at most `limit` of them
    /// when given. Every ordered question over open loans is this one: a whole group for a
    /// report, or a screenful forwards or backwards from a key.
    func openLoans(
        due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws

    /// The same walk as `openLoans`, keeping only loans whose title, counterparty or note
    /// contains `text` (compared on folded copies: see `SearchText`). A text of
    /// `SearchText.indexedLength` characters or more is answered completely from an index, at a
    /// cost that follows the matches, not the table; a shorter one walks the range in order and
    /// reads at most `text.walkBound` open loans, and the answer says where it stopped.
    @discardableResult
    func searchOpenLoans(
        _ text: SearchText, due range: DueRange, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (Loan) throws -> Void
    ) throws -> SearchReach

    /// Returned loans, newest return first (on the same day, the larger id first) — or the
    /// reverse when not `newestFirst` — strictly beyond `key` in that order when given, at most
    /// `limit` of them when given: the Returned view, a screenful at a time either way.
    func returnedLoans(
        beyond key: ReturnOrderKey?, newestFirst: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws
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

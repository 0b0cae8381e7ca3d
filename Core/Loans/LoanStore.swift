/// Which loans a listing covers.
package enum LoanSelection: Hashable, Sendable {
    case open, returned, all
}

/// Where an ordered walk over open loans resumes: strictly after this due date and id.
package struct DueOrderKey: Hashable, Comparable, Sendable {
    package let dueOn: CivilDate
    package let id: LoanID

    package init(dueOn: CivilDate, id: LoanID) {
        self.dueOn = dueOn
        self.id = id
    }

    /// The key of an open loan.
    package init(_ loan: Loan) {
        self.init(dueOn: loan.dueOn, id: loan.id)
    }

    package static func < (lhs: DueOrderKey, rhs: DueOrderKey) -> Bool {
        (lhs.dueOn, lhs.id) < (rhs.dueOn, rhs.id)
    }
}

/// Where a walk over returned loans resumes: strictly beyond this return date and id.
package struct ReturnOrderKey: Hashable, Comparable, Sendable {
    package let returnedOn: CivilDate
    package let id: LoanID

    package init(returnedOn: CivilDate, id: LoanID) {
        self.returnedOn = returnedOn
        self.id = id
    }

    package static func < (lhs: ReturnOrderKey, rhs: ReturnOrderKey) -> Bool {
        (lhs.returnedOn, lhs.id) < (rhs.returnedOn, rhs.id)
    }
}

/// The read side of loan storage. Stores answer bounded, ordered ranges so that use
/// cases never need the whole table; which range, which order and what counts stay in Core.
/// A store of loans keeps the contacts of the people it deals with too (`PeopleReading`), and
/// the history of its changes when it writes (`history`).
package protocol LoanReading: PeopleReading {
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

    /// Loans of a selection in id order whose title, counterparty or note contains `text`
    /// (compared on folded copies: see `SearchText`), every one of them. A text of
    /// `SearchText.indexedLength` characters or more is looked for among the open loans in the
    /// index `searchOpenLoans` uses, at a cost that follows the matches, not the table; returned
    /// loans are not in that index and are read one by one. The default reads the selection and
    /// tests each loan (`loans(_:_:)`), which is also the answer every store must give.
    func loans(_ selection: LoanSelection, containing text: SearchText, _ visit: (Loan) throws -> Void) throws

    /// Returned loans, newest return first (on the same day, the larger id first) — or the
    /// reverse when not `newestFirst` — strictly beyond `key` in that order when given, at most
    /// `limit` of them when given: the Returned view, a screenful at a time either way.
    func returnedLoans(
        beyond key: ReturnOrderKey?, newestFirst: Bool, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws

    /// The store's identity: random, made once with the store (a database from before identities
    /// gets one with its first write), so ids from different stores never meet; nil when it has
    /// none.
    func databaseIdentity() throws -> String?

    /// The history the store keeps, read within the same snapshots as its loans; nil when it keeps
    /// none (a fixture document, a database not made yet). Every store that writes keeps one.
    var history: (any HistoryReading)? { get }
}

extension LoanReading {
    package func loans(_ selection: LoanSelection, containing text: SearchText, _ visit: (Loan) throws -> Void) throws {
        try loans(selection) { loan in
            if text.matches(loan) { try visit(loan) }
        }
    }
}

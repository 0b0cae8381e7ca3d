/// The read side of the history: the changes a store recorded, what each did to loans and to
/// contacts, and how far a loan's history goes. A store that keeps one gives it as its
/// `LoanReading.history`, read inside the same snapshot as its loans; a store that keeps none (a
/// fixture document, a database not made yet) gives nil, and a front shows no history.
package protocol HistoryReading {
    /// Changes newest first — only those that touched `loan` when given (also after it was
    /// removed) — at most `limit` of them when given.
    func history(of loan: LoanID?, limit: Int?, _ visit: (Change) throws -> Void) throws

    /// Every change oldest first: the order in which a move to another store replays them.
    func historyOldestFirst(_ visit: (Change) throws -> Void) throws

    /// One change, or nil when no change has this id.
    func change(_ id: ChangeID) throws -> Change?

    /// The loans a change touched, with their states before and after, by loan id (only
    /// `loan`'s when given).
    func deltas(of change: ChangeID, loan: LoanID?, _ visit: (LoanDelta) throws -> Void) throws

    /// The people a change touched, with their contacts before and after, by key.
    func personDeltas(of change: ChangeID, _ visit: (PersonDelta) throws -> Void) throws

    /// How many changes touched the loan and when the newest was made; nil when the history
    /// holds none (a loan from before the history was kept).
    func revision(of loan: LoanID) throws -> LoanRevision?
}

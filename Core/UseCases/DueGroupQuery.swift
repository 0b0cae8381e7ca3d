/// A use case that answers one group of open loans for a day — overdue, due soon, or due
/// later than the window: the group's range comes from the policy, the order is (due date, id).
public protocol DueGroupQuery {
    var store: any LoanReading { get }

    /// The due dates that belong to the group under `policy`; nil when none can.
    func range(_ policy: DuePolicy) -> DueRange?
}

extension DueGroupQuery {
    /// How many open loans are in the group.
    public func count(_ policy: DuePolicy) throws -> Int {
        guard let range = range(policy) else { return 0 }
        return try store.countOpenLoans(due: range)
    }

    /// How many loans of the group match `text`, counting no further than `cap` + 1 (a match
    /// costs a walk over the loans, so a screen asks only whether there are more than it shows).
    public func count(_ policy: DuePolicy, matching text: String, cap: Int) throws -> Int {
        var count = 0
        try page(policy, matching: text, beyond: nil, descending: false, limit: max(cap, 0) + 1) { _ in count += 1 }
        return count
    }

    /// Visits the group in contract order, resuming after `after`, at most `limit` loans.
    public func forEach(
        _ policy: DuePolicy, after: DueOrderKey? = nil, limit: Int? = nil,
        _ visit: (LoanStanding) throws -> Void
    ) throws {
        try page(policy, matching: nil, beyond: after, descending: false, limit: limit, visit)
    }

    /// Visits loans of the group that match `text` (nil: all), strictly beyond `key` in contract
    /// order — or in reverse order when `descending` — at most `limit` of them.
    public func page(
        _ policy: DuePolicy, matching text: String?, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (LoanStanding) throws -> Void
    ) throws {
        guard let range = range(policy) else { return }
        try store.openLoans(due: range, matching: text, beyond: key, descending: descending, limit: limit) {
            try visit(policy.standing(of: $0))
        }
    }

    /// The group in contract order, at most `limit` loans.
    public func loans(_ policy: DuePolicy, limit: Int? = nil) throws -> [LoanStanding] {
        var result: [LoanStanding] = []
        try forEach(policy, limit: limit) { result.append($0) }
        return result
    }
}

/// Overdue loans: open, due before today; earliest due date first, then id.
public struct OverdueQuery: DueGroupQuery {
    public let store: any LoanReading

    public init(store: any LoanReading) {
        self.store = store
    }

    public func range(_ policy: DuePolicy) -> DueRange? { policy.overdueRange }
}

/// Loans due soon: open, due today through today + window; fewest days first, then id.
public struct DueSoonQuery: DueGroupQuery {
    public let store: any LoanReading

    public init(store: any LoanReading) {
        self.store = store
    }

    public func range(_ policy: DuePolicy) -> DueRange? { policy.dueSoonRange }
}

/// Open loans due after the window (status `open`): what "all open loans" adds to the agenda.
public struct DueLaterQuery: DueGroupQuery {
    public let store: any LoanReading

    public init(store: any LoanReading) {
        self.store = store
    }

    public func range(_ policy: DuePolicy) -> DueRange? { policy.laterRange }
}

/// The groups open loans fall into on a day, by their due date: the two questions loans answers
/// — overdue, due soon — and the loans due later than the window (status `open`).
package enum DueGroup: Hashable, Sendable, CaseIterable {
    /// Due before today: earliest due date first, then id.
    case overdue
    /// Due today through today + window: fewest days first, then id.
    case dueSoon
    /// Due after the window.
    case later

    /// The due dates of the group under `policy`; nil when none can belong to it.
    package func range(_ policy: DuePolicy) -> DueRange? {
        switch self {
        case .overdue: policy.overdueRange
        case .dueSoon: policy.dueSoonRange
        case .later: policy.laterRange
        }
    }
}

/// The use case that answers one group for a day: the range comes from the policy, the order is
/// (due date, id), and every walk is a bounded page of the store's ordered index.
package struct DueGroupQuery {
    package let group: DueGroup
    let store: any LoanReading

    package init(_ group: DueGroup, store: any LoanReading) {
        self.group = group
        self.store = store
    }

    /// How many open loans are in the group.
    package func count(_ policy: DuePolicy) throws -> Int {
        guard let range = group.range(policy) else { return 0 }
        return try store.countOpenLoans(due: range)
    }

    /// How many loans of the group match `text`, counting no further than `cap` + 1 (a match
    /// costs a walk over the matches, so a screen asks only whether there are more than it shows).
    package func count(_ policy: DuePolicy, matching text: String, cap: Int) throws -> Int {
        var count = 0
        try page(policy, matching: text, beyond: nil, descending: false, limit: max(cap, 0) + 1) { _ in count += 1 }
        return count
    }

    /// Visits the group in contract order, resuming after `after`, at most `limit` loans.
    package func forEach(
        _ policy: DuePolicy, after: DueOrderKey? = nil, limit: Int? = nil,
        _ visit: (LoanStanding) throws -> Void
    ) throws {
        try page(policy, matching: nil, beyond: after, descending: false, limit: limit, visit)
    }

    /// Visits loans of the group whose title, counterparty or note contains `text` (nil: all;
    /// compared case-insensitively for all of Unicode, see `SearchText`), strictly beyond `key`
    /// in contract order — or in reverse order when `descending` — at most `limit` of them.
    /// A text shorter than `SearchText.indexedLength` is looked for among a bounded number of
    /// loans only; the answer says how far the search went.
    @discardableResult
    package func page(
        _ policy: DuePolicy, matching text: String?, beyond key: DueOrderKey?, descending: Bool, limit: Int?,
        _ visit: (LoanStanding) throws -> Void
    ) throws -> SearchReach {
        guard let range = group.range(policy) else { return .complete }
        guard let text else {
            try store.openLoans(due: range, beyond: key, descending: descending, limit: limit) { try visit(policy.standing(of: $0)) }
            return .complete
        }
        return try store.searchOpenLoans(SearchText(text), due: range, beyond: key, descending: descending, limit: limit) {
            try visit(policy.standing(of: $0))
        }
    }

    /// The group in contract order, at most `limit` loans.
    package func loans(_ policy: DuePolicy, limit: Int? = nil) throws -> [LoanStanding] {
        var result: [LoanStanding] = []
        try forEach(policy, limit: limit) { result.append($0) }
        return result
    }
}

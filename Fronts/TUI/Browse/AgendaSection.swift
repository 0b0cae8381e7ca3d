import LoansCore

/// Which loans the list shows: the agenda (overdue, due soon) or every open loan (`Tab`).
public enum ListMode: Hashable, Sendable {
    case agenda
    case allOpen
}

/// One headed group of the list, with the due dates it covers and how many loans it holds.
public struct AgendaSection: Hashable, Sendable {
    /// Which group.
    public enum Kind: Hashable, Sendable {
        case overdue, dueSoon, later
    }

    public let kind: Kind
    public let range: DueRange
    /// How many loans the group holds; with a filter, at most `countCap` (then `countIsCapped`).
    public var count: Int
    /// True when `count` stopped at the cap (a filter matched more).
    public var countIsCapped: Bool

    public init(kind: Kind, range: DueRange, count: Int, countIsCapped: Bool = false) {
        self.kind = kind
        self.range = range
        self.count = count
        self.countIsCapped = countIsCapped
    }

    /// A filtered group stops counting here: counting matches costs a walk over them.
    public static let countCap = 99

    /// The groups of a mode under `policy`, with their counts: Core's ranges for overdue and
    /// due soon, and every later due date for "all open loans". Counts without a filter are
    /// sums over the store's per-day index, whatever the number of loans.
    static func sections(
        _ mode: ListMode, filter: String?, policy: DuePolicy, store: any LoanReading
    ) throws -> [AgendaSection] {
        var ranges: [(Kind, DueRange)] = []
        if let overdue = policy.overdueRange { ranges.append((.overdue, overdue)) }
        ranges.append((.dueSoon, policy.dueSoonRange))
        if mode == .allOpen, let start = policy.dueSoonRange.through.adding(days: 1) {
            ranges.append((.later, DueRange(from: start, through: .latest)))
        }
        return try store.snapshot {
            try ranges.map { kind, range in
                guard let filter else {
                    let count = switch kind {
                    case .overdue: try OverdueQuery(store: store).count(policy)
                    case .dueSoon: try DueSoonQuery(store: store).count(policy)
                    case .later: try store.countOpenLoans(due: range)
                    }
                    return AgendaSection(kind: kind, range: range, count: count)
                }
                var count = 0
                try store.openLoans(due: range, matching: filter, beyond: nil, descending: false, limit: countCap + 1) { _ in
                    count += 1
                }
                return AgendaSection(kind: kind, range: range, count: min(count, countCap), countIsCapped: count > countCap)
            }
        }
    }
}

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

        /// The use case that answers this group.
        func query(_ store: any LoanReading) -> any DueGroupQuery {
            switch self {
            case .overdue: OverdueQuery(store: store)
            case .dueSoon: DueSoonQuery(store: store)
            case .later: DueLaterQuery(store: store)
            }
        }
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

    /// The groups of a mode under `policy`, with their counts, as Core's use cases answer them.
    /// Counts without a filter are sums over the store's per-day index, whatever the number of loans.
    static func sections(
        _ mode: ListMode, filter: String?, policy: DuePolicy, store: any LoanReading
    ) throws -> [AgendaSection] {
        let kinds: [Kind] = mode == .allOpen ? [.overdue, .dueSoon, .later] : [.overdue, .dueSoon]
        return try store.snapshot {
            try kinds.compactMap { kind in
                let query = kind.query(store)
                guard let range = query.range(policy) else { return nil }
                guard let filter else { return AgendaSection(kind: kind, range: range, count: try query.count(policy)) }
                let count = try query.count(policy, matching: filter, cap: countCap)
                return AgendaSection(kind: kind, range: range, count: min(count, countCap), countIsCapped: count > countCap)
            }
        }
    }
}

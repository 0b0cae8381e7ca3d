import LoansCore

/// Which loans the list shows: the agenda (overdue, due soon) or every open loan (`Tab`).
public enum ListMode: Hashable, Sendable {
    case agenda
    case allOpen
}

/// One headed group of the list, with the due dates it covers and how many loans it holds.
public struct AgendaSection: Hashable, Sendable {
    /// Which group.
    public let group: DueGroup
    public let range: DueRange
    /// How many loans the group holds; with a filter, at most `countCap` (then `countIsCapped`).
    public var count: Int
    /// True when `count` stopped at the cap (a filter matched more).
    public var countIsCapped: Bool

    public init(group: DueGroup, range: DueRange, count: Int, countIsCapped: Bool = false) {
        self.group = group
        self.range = range
        self.count = count
        self.countIsCapped = countIsCapped
    }

    /// A filtered group stops counting here: counting matches costs a walk over them.
    public static let countCap = 99

    /// The groups of a mode under `policy`, with their counts, as Core's agenda use case
    /// defines and answers them. Counts without a filter are sums over the store's per-day
    /// index, whatever the number of loans.
    static func sections(
        _ mode: ListMode, filter: String?, policy: DuePolicy, query: AgendaQuery
    ) throws -> [AgendaSection] {
        let groups = mode == .allOpen ? AgendaQuery.allOpenGroups : AgendaQuery.agendaGroups
        return try query.snapshot {
            try groups.compactMap { group in
                guard let range = group.range(policy) else { return nil }
                let counting = query.group(group)
                guard let filter else { return AgendaSection(group: group, range: range, count: try counting.count(policy)) }
                let count = try counting.count(policy, matching: filter, cap: countCap)
                return AgendaSection(group: group, range: range, count: min(count, countCap), countIsCapped: count > countCap)
            }
        }
    }
}

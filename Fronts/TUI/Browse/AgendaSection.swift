import LoansCore

/// Which loans the list shows, the views `Tab` cycles through: the agenda (overdue, due soon),
/// every open loan, and the returned loans (newest return first).
package enum ListMode: Hashable, Sendable, CaseIterable {
    case agenda
    case allOpen
    case returned

    /// The view's name, as the header shows it.
    package var title: String {
        switch self {
        case .agenda: "Agenda"
        case .allOpen: "All open"
        case .returned: "Returned"
        }
    }

    /// The view `Tab` goes to.
    package var next: ListMode {
        let all = ListMode.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }

    /// Whether `/` filters this view: the open loans' views, which the store's search index
    /// answers; the returned loans are only listed.
    package var canFilter: Bool { self != .returned }
}

/// One headed group of the list, with what it holds and how many loans.
package struct AgendaSection: Hashable, Sendable {
    /// What a section holds.
    package enum Kind: Hashable, Sendable {
        /// The open loans of a group, due within its range.
        case due(DueGroup, DueRange)
        /// The returned loans, newest return first.
        case returned
    }

    package let kind: Kind
    /// How many loans the section holds; at most `countCap` (then `countIsCapped`) when counting
    /// means walking (the matches of a filter, the returned loans).
    package var count: Int
    /// True when `count` stopped at the cap.
    package var countIsCapped: Bool
    /// A filter too short for the store's index searches a group in due order, a bounded number
    /// of loans from its start: the section then ends at the last loan searched.
    package var searchedThrough: DueOrderKey?

    package init(_ kind: Kind, count: Int, countIsCapped: Bool = false, searchedThrough: DueOrderKey? = nil) {
        self.kind = kind
        self.count = count
        self.countIsCapped = countIsCapped
        self.searchedThrough = searchedThrough
    }

    /// Counting that walks the loans stops here.
    package static let countCap = 99

    /// The sections of a view under `policy`, with their counts, as Core's use cases define and
    /// answer them. Counts of open loans without a filter are sums over the store's per-day
    /// index, whatever the number of loans.
    static func sections(
        _ mode: ListMode, filter: String?, policy: DuePolicy, query: AgendaQuery
    ) throws -> [AgendaSection] {
        try query.snapshot {
            if mode == .returned {
                let count = try query.returned.count(cap: countCap)
                return [AgendaSection(.returned, count: min(count, countCap), countIsCapped: count > countCap)]
            }
            let groups = mode == .allOpen ? AgendaQuery.allOpenGroups : AgendaQuery.agendaGroups
            return try groups.compactMap { group in
                guard let range = group.range(policy) else { return nil }
                let counting = query.group(group)
                guard let filter else { return AgendaSection(.due(group, range), count: try counting.count(policy)) }
                var count = 0
                let reach = try counting.page(policy, matching: filter, beyond: nil, descending: false, limit: countCap + 1) { _ in
                    count += 1
                }
                let text = SearchText(filter)
                var end: DueOrderKey?
                if case .stoppedAtBound(let last) = reach {
                    end = last
                } else if !text.isIndexed, count > countCap {
                    end = try lastSearched(by: text, in: counting, policy)
                }
                return AgendaSection(.due(group, range), count: min(count, countCap), countIsCapped: count > countCap, searchedThrough: end)
            }
        }
    }

    /// The last loan a short text's bounded walk reads from the start of a group (nil when the
    /// group is shorter than the bound), found through the due-date index.
    private static func lastSearched(by text: SearchText, in group: DueGroupQuery, _ policy: DuePolicy) throws -> DueOrderKey? {
        var last: DueOrderKey?
        var read = 0
        try group.forEach(policy, limit: text.walkBound + 1) { item in
            read += 1
            if read <= text.walkBound { last = DueOrderKey(item.loan) }
        }
        return read > text.walkBound ? last : nil
    }
}

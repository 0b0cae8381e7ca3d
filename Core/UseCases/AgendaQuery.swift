/// Both groups for one day: overdue first, then due soon, each in contract order.
package struct Agenda: Hashable, Sendable {
    package let policy: DuePolicy
    package let overdue: [LoanStanding]
    package let dueSoon: [LoanStanding]

    package init(policy: DuePolicy, overdue: [LoanStanding], dueSoon: [LoanStanding]) {
        self.policy = policy
        self.overdue = overdue
        self.dueSoon = dueSoon
    }
}

/// The counts and the agenda's first loans — the most urgent alone, unless more were asked for:
/// what a status bar shows (a bar's tooltip lists a few).
package struct AgendaSummary: Hashable, Sendable {
    package let policy: DuePolicy
    package let overdueCount: Int
    package let dueSoonCount: Int
    /// The agenda's first loans in its order (overdue, then due soon), as many as were asked for;
    /// empty when nothing is due.
    package let leading: [LoanStanding]

    package init(policy: DuePolicy, overdueCount: Int, dueSoonCount: Int, leading: [LoanStanding]) {
        self.policy = policy
        self.overdueCount = overdueCount
        self.dueSoonCount = dueSoonCount
        self.leading = leading
    }

    /// A summary that names the most urgent loan alone.
    package init(policy: DuePolicy, overdueCount: Int, dueSoonCount: Int, mostUrgent: LoanStanding?) {
        self.init(policy: policy, overdueCount: overdueCount, dueSoonCount: dueSoonCount, leading: mostUrgent.map { [$0] } ?? [])
    }

    /// The most overdue loan, else the one due soonest; nil when nothing is due.
    package var mostUrgent: LoanStanding? { leading.first }

    /// How many due loans `leading` leaves out.
    package var unlisted: Int { overdueCount + dueSoonCount - leading.count }
}

/// What a listing of loans covers: groups of open loans in order (the agenda, one group, or
/// every open loan), or every loan, open and returned, by id.
package enum AgendaListing: Hashable, Sendable {
    case groups([DueGroup])
    case everyLoan

    /// The agenda: overdue, then due soon.
    package static let agenda = AgendaListing.groups(AgendaQuery.agendaGroups)
    /// Every open loan: the agenda's groups, then the loans due later.
    package static let allOpen = AgendaListing.groups(AgendaQuery.allOpenGroups)
}

/// The agenda use case, defined once for every front: its groups and their order, answered from
/// one captured `today` in one snapshot — whole, as a summary whose cost does not grow with the
/// answer, or streamed loan by loan.
package struct AgendaQuery {
    /// The agenda's groups, in order.
    package static let agendaGroups: [DueGroup] = [.overdue, .dueSoon]
    /// Every open loan's groups, in order.
    package static let allOpenGroups: [DueGroup] = [.overdue, .dueSoon, .later]

    let store: any LoanReading

    package init(store: any LoanReading) {
        self.store = store
    }

    /// The query of one group over the same store.
    package func group(_ group: DueGroup) -> DueGroupQuery {
        DueGroupQuery(group, store: store)
    }

    /// The returned loans over the same store (the Returned view).
    package var returned: ReturnedQuery {
        ReturnedQuery(store: store)
    }

    /// Runs `body` against one consistent snapshot of the store, so several answers agree.
    package func snapshot<T>(_ body: () throws -> T) throws -> T {
        try store.snapshot(body)
    }

    /// Every overdue and due-soon loan.
    package func agenda(_ policy: DuePolicy) throws -> Agenda {
        try store.snapshot {
            Agenda(policy: policy, overdue: try group(.overdue).loans(policy), dueSoon: try group(.dueSoon).loans(policy))
        }
    }

    /// Counts and the agenda's first `leading` loans (the most urgent alone by default); its cost
    /// grows with `leading`, never with the answer.
    package func summary(_ policy: DuePolicy, leading: Int = 1) throws -> AgendaSummary {
        try store.snapshot {
            let overdueCount = try group(.overdue).count(policy)
            let dueSoonCount = try group(.dueSoon).count(policy)
            let leading = max(leading, 0)
            var first = overdueCount > 0 && leading > 0 ? try group(.overdue).loans(policy, limit: leading) : []
            if first.count < leading, dueSoonCount > 0 {
                first += try group(.dueSoon).loans(policy, limit: leading - first.count)
            }
            return AgendaSummary(policy: policy, overdueCount: overdueCount, dueSoonCount: dueSoonCount, leading: first)
        }
    }

    /// The most urgent open loans — overdue, then due soon, then later, each in contract order —
    /// at most `limit` of them.
    package func mostUrgent(_ policy: DuePolicy, limit: Int) throws -> [LoanStanding] {
        try store.snapshot {
            var result: [LoanStanding] = []
            for group in AgendaQuery.allOpenGroups where result.count < limit {
                try self.group(group).forEach(policy, limit: limit - result.count) { result.append($0) }
            }
            return result
        }
    }

    /// The summary, then every loan of `listing` in order, handed out one at a time from one
    /// snapshot, so memory stays flat however many loans there are.
    package func stream(
        _ listing: AgendaListing, _ policy: DuePolicy,
        opening: (AgendaSummary) throws -> Void, visit: (LoanStanding) throws -> Void
    ) throws {
        try store.snapshot {
            try opening(try summary(policy))
            switch listing {
            case .groups(let groups):
                for group in groups { try self.group(group).forEach(policy, visit) }
            case .everyLoan:
                try LoanLookup(store: store).list(.all, policy, visit)
            }
        }
    }
}

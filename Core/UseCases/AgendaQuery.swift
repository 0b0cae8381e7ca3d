/// Both groups for one day: overdue first, then due soon, each in contract order.
public struct Agenda: Hashable, Sendable {
    public let policy: DuePolicy
    public let overdue: [LoanStanding]
    public let dueSoon: [LoanStanding]

    public init(policy: DuePolicy, overdue: [LoanStanding], dueSoon: [LoanStanding]) {
        self.policy = policy
        self.overdue = overdue
        self.dueSoon = dueSoon
    }
}

/// The counts and the single most urgent loan: what a status bar shows.
public struct AgendaSummary: Hashable, Sendable {
    public let policy: DuePolicy
    public let overdueCount: Int
    public let dueSoonCount: Int
    /// The most overdue loan, else the one due soonest; nil when nothing is due.
    public let mostUrgent: LoanStanding?

    public init(policy: DuePolicy, overdueCount: Int, dueSoonCount: Int, mostUrgent: LoanStanding?) {
        self.policy = policy
        self.overdueCount = overdueCount
        self.dueSoonCount = dueSoonCount
        self.mostUrgent = mostUrgent
    }
}

/// The agenda use case: answers both groups from one captured `today`, in one snapshot.
public struct AgendaQuery {
    let overdue: OverdueQuery
    let dueSoon: DueSoonQuery
    let store: any LoanReading

    public init(store: any LoanReading) {
        self.store = store
        overdue = OverdueQuery(store: store)
        dueSoon = DueSoonQuery(store: store)
    }

    /// Every overdue and due-soon loan.
    public func agenda(_ policy: DuePolicy) throws -> Agenda {
        try store.snapshot {
            Agenda(policy: policy, overdue: try overdue.loans(policy), dueSoon: try dueSoon.loans(policy))
        }
    }

    /// Counts and the most urgent loan only; its cost does not grow with the answer.
    public func summary(_ policy: DuePolicy) throws -> AgendaSummary {
        try store.snapshot {
            let overdueCount = try overdue.count(policy)
            let dueSoonCount = try dueSoon.count(policy)
            let first = overdueCount > 0
                ? try overdue.loans(policy, limit: 1)
                : dueSoonCount > 0 ? try dueSoon.loans(policy, limit: 1) : []
            return AgendaSummary(
                policy: policy, overdueCount: overdueCount, dueSoonCount: dueSoonCount, mostUrgent: first.first
            )
        }
    }
}

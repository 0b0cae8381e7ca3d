import LoansCore
import Testing
import LoansWidget

/// Agenda summaries as the core answers them, for the widget's tests.
enum Scenario: String, CaseIterable, CustomStringConvertible {
    case nothingDue, dueSoonOnly, overdueOnly, both

    static let today = CivilDate(iso: "2026-11-29")!
    static let policy = DuePolicy(today: today, window: .standard)

    var description: String { rawValue }

    var summary: AgendaSummary {
        switch self {
        case .nothingDue:
            return AgendaSummary(policy: Scenario.policy, overdueCount: 0, dueSoonCount: 0, mostUrgent: nil)
        case .dueSoonOnly:
            return Scenario.summary(overdue: 0, dueSoon: 3, Scenario.loan("Dune", due: 0, .borrowed, "City Library"))
        case .overdueOnly:
            return Scenario.summary(overdue: 1, dueSoon: 0, Scenario.loan("Cordless drill", due: -1, .lent, "Sam"))
        case .both:
            return Scenario.summary(overdue: 2, dueSoon: 3, Scenario.loan("The Hobbit", due: -2, .lent, "Alice"))
        }
    }

    static func loan(_ title: String, due: Int, _ direction: Direction = .lent, _ party: String = "Alice") -> LoanStanding {
        policy.standing(of: Loan(
            id: LoanID(4), title: title, direction: direction, counterparty: party,
            lentOn: today.adding(days: -60)!, dueOn: today.adding(days: due)!
        ))
    }

    static func summary(overdue: Int, dueSoon: Int, _ urgent: LoanStanding) -> AgendaSummary {
        AgendaSummary(policy: policy, overdueCount: overdue, dueSoonCount: dueSoon, mostUrgent: urgent)
    }

    /// The summary of one loan with this title, due in `due` days (overdue when negative).
    static func titled(_ title: String, due: Int = -2) -> AgendaSummary {
        due < 0 ? summary(overdue: 1, dueSoon: 0, loan(title, due: due)) : summary(overdue: 0, dueSoon: 1, loan(title, due: due))
    }
}

extension WidgetFormat: CustomTestStringConvertible {
    package var testDescription: String { rawValue }
}

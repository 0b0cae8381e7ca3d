import LoansCore

/// How every front words a loan's day relative to today: "due today", "due tomorrow",
/// "due in 3 days", "1 day overdue", "2 days overdue", "returned 2026-11-20".
package enum RelativeDay {
    package static func phrase(_ loan: LoanStanding) -> String {
        guard let days = loan.daysUntilDue else {
            return "returned \(loan.loan.returnedOn.map(\.iso) ?? "")"
        }
        return phrase(daysUntilDue: days)
    }

    package static func phrase(daysUntilDue days: Int) -> String {
        switch days {
        case 0: return "due today"
        case 1: return "due tomorrow"
        case 2...: return "due in \(days) days"
        case -1: return "1 day overdue"
        default: return "\(days.magnitude) days overdue"
        }
    }

    /// The phrase with a capital first letter, for the start of a line or cell.
    package static func capitalized(_ phrase: String) -> String {
        guard let first = phrase.first else { return phrase }
        return first.uppercased() + phrase.dropFirst()
    }
}

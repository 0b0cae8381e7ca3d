import LoansCore
import LoansText

/// A digest of reminders in words: a summary (`Reminders: 1 overdue, 2 due within 3 days`) and
/// one line per loan (`#4 Return The Hobbit to City Library: 2 days overdue`), worded by the real
/// distance to the due date, not by the level that made it due. The summary counts the digest's
/// reminders, not the agenda's groups (a loan reminded last week is overdue in the agenda and
/// not in the digest; "due soon" there is the window), so it says "reminders" and the furthest
/// day it reaches instead of "due soon". Data never brings a control character or a line break
/// into a line.
package struct DigestText: Hashable, Sendable {
    package let summary: String
    package let lines: [String]
    package let overdueCount: Int
    /// Loans of the digest that are not overdue yet.
    package let dueSoonCount: Int

    /// Anything overdue.
    package var isUrgent: Bool { overdueCount > 0 }

    /// The whole digest as text (for standard output, cron mail and `--exec`): the summary, then
    /// one line per loan, each line ending in a newline.
    package var text: String {
        ([summary] + lines).map { $0 + "\n" }.joined()
    }
}

/// Words a digest of reminders.
package enum DigestPresenter {
    package static func present(_ digest: ReminderDigest) -> DigestText {
        DigestText(
            summary: summary(overdue: digest.overdueCount, dueSoon: digest.dueSoonCount, furthest: digest.reminders.map(\.daysUntilDue).max() ?? 0),
            lines: digest.reminders.map(line),
            overdueCount: digest.overdueCount,
            dueSoonCount: digest.dueSoonCount
        )
    }

    /// `Reminders: 1 overdue, 2 due within 3 days` (`due today`, `due by tomorrow` when the
    /// furthest of them is that near), leaving out a count of zero.
    static func summary(overdue: Int, dueSoon: Int, furthest days: Int) -> String {
        var parts: [String] = []
        if overdue > 0 { parts.append("\(overdue) overdue") }
        if dueSoon > 0 {
            let reach = switch days {
            case ...0: "due today"
            case 1: "due by tomorrow"
            default: "due within \(days) days"
            }
            parts.append("\(dueSoon) \(reach)")
        }
        return "Reminders: " + (parts.isEmpty ? "nothing due" : parts.joined(separator: ", "))
    }

    /// `#4 Return The Hobbit to City Library: 2 days overdue`.
    static func line(_ reminder: Reminder) -> String {
        let action = SafeText.sanitized(LoanWording.action(reminder.loan))
        return "#\(reminder.loan.id) \(action): \(RelativeDay.phrase(daysUntilDue: reminder.daysUntilDue))"
    }
}

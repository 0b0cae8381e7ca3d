import LoansCore
import LoansText

/// Words the list: the header (today, the window), section headings with counts and
/// colours, rows with their relative day, and the empty text apart from the failure text.
public enum AgendaPresenter {
    /// `Today: Sun 2026-11-29 · Due soon: within 7 days`.
    public static func header(_ policy: DuePolicy) -> String {
        let window = switch policy.window.days {
        case 0: "today only"
        case 1: "within 1 day"
        case let days: "within \(days) days"
        }
        return "Today: \(LoanWording.weekday(policy.today)) \(policy.today.iso) · Due soon: \(window)"
    }

    /// What the list shows: `Agenda`, `All open loans`, and the filter when there is one.
    public static func context(mode: ListMode, filter: String?) -> String {
        let base = mode == .agenda ? "Agenda" : "All open loans"
        return filter.map { "\(base) · /\($0)" } ?? base
    }

    /// The list body, or the notice that there is nothing to list.
    public static func body(_ browser: AgendaBrowser) -> Body {
        guard !browser.isEmpty else { return .notice(empty(mode: browser.mode, filter: browser.filter)) }
        let lines = browser.lines.map { line -> ListBody.Line in
            switch line {
            case .heading(let index):
                let section = browser.sections[index]
                return .heading(heading(section), tone(section.group))
            case .row(_, let item):
                return .row(row(item, selected: line.position == browser.cursor))
            }
        }
        return .list(ListBody(lines: lines, moreAbove: browser.moreAbove, moreBelow: browser.moreBelow))
    }

    /// Nothing to list: a different screen from the failure.
    public static func empty(mode: ListMode, filter: String?) -> Notice {
        if let filter {
            return Notice(text: "No loans match \(Quoted(filter)).", tone: .muted, hint: "Esc clears the filter.")
        }
        switch mode {
        case .agenda:
            return Notice(text: "No loans due soon.", tone: .plain, hint: "Tab shows all open loans · a adds a loan")
        case .allOpen:
            return Notice(text: "No open loans.", tone: .plain, hint: "a adds a loan")
        }
    }

    /// The loans could not be read: says so, with the store's reason.
    public static func failure(_ message: String) -> Notice {
        Notice(text: "Loans could not be loaded: \(message)", tone: .error, hint: "It is tried again every second · q quits")
    }

    /// `OVERDUE (2)`, `DUE SOON (3)`, `LATER (4)`; `(99+)` when a filter matched more.
    public static func heading(_ section: AgendaSection) -> String {
        let name = switch section.group {
        case .overdue: "OVERDUE"
        case .dueSoon: "DUE SOON"
        case .later: "LATER"
        }
        return "\(name) (\(section.count)\(section.countIsCapped ? "+" : ""))"
    }

    public static func row(_ item: LoanStanding, selected: Bool) -> RowFrame {
        RowFrame(
            id: item.id, title: item.loan.title, party: LoanWording.shortParty(item.loan),
            relativeDay: RelativeDay.capitalized(RelativeDay.phrase(item)), tone: tone(item.status), selected: selected
        )
    }

    public static func tone(_ status: LoanStatus) -> Tone {
        switch status {
        case .overdue: .overdue
        case .dueSoon: .dueSoon
        case .open, .returned: .plain
        }
    }

    static func tone(_ group: DueGroup) -> Tone {
        switch group {
        case .overdue: .overdue
        case .dueSoon: .dueSoon
        case .later: .accent
        }
    }

    public static let hints = [
        KeyHint("⏎", "open"), KeyHint("a", "add"), KeyHint("e", "edit"), KeyHint("r", "return"),
        KeyHint("n", "renew"), KeyHint("x", "remove"), KeyHint("/", "filter"), KeyHint("Tab", "all"),
        KeyHint("?", "help"), KeyHint("q", "quit"),
    ]

}

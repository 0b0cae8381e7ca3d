import LoansCore
import LoansText

/// Words the list: the header (today, the window), section headings with counts and
/// colours, rows with their relative day, and the empty text apart from the failure text.
package enum AgendaPresenter {
    /// `Today: Sun 2026-11-29 · Due soon: within 7 days`.
    package static func header(_ policy: DuePolicy) -> String {
        let window = switch policy.window.days {
        case 0: "today only"
        case 1: "within 1 day"
        case let days: "within \(days) days"
        }
        return "Today: \(LoanWording.weekday(policy.today)) \(policy.today.iso) · Due soon: \(window)"
    }

    /// The list body, or the notice that there is nothing to list.
    package static func body(_ browser: AgendaBrowser) -> Body {
        guard !browser.isEmpty else { return .notice(empty(mode: browser.mode, filter: browser.filter)) }
        let lines = browser.lines.map { line -> ListBody.Line in
            switch line {
            case .heading(let index):
                let section = browser.sections[index]
                return .heading(heading(section), tone(section.kind))
            case .row(_, let item):
                return .row(row(item, selected: line.position == browser.cursor))
            }
        }
        return .list(ListBody(lines: lines, moreAbove: browser.moreAbove, moreBelow: browser.moreBelow))
    }

    /// Nothing to list: a different screen from the failure.
    package static func empty(mode: ListMode, filter: String?) -> Notice {
        if let filter {
            return Notice(text: "No loans match \(Quoted(filter)).", tone: .muted, hint: "Esc clears the filter.")
        }
        switch mode {
        case .agenda:
            return Notice(text: "No loans due soon.", tone: .plain, hint: "Tab shows all open loans · a adds a loan")
        case .allOpen:
            return Notice(text: "No open loans.", tone: .plain, hint: "a adds a loan")
        case .returned:
            return Notice(text: "No returned loans.", tone: .plain, hint: "Tab shows the agenda")
        }
    }

    /// The loans could not be read: says so, with the store's reason.
    package static func failure(_ message: String) -> Notice {
        Notice(text: "Loans could not be loaded: \(message)", tone: .error, hint: "It is tried again \(RetryPause.phrase) · q quits")
    }

    /// The loans cannot be read now, and the screen shows them as read before: when that was,
    /// then the store's reason (the part that may be cut at the screen's edge).
    package static func notCurrent(_ message: String, readAt: WallTime) -> String {
        "Not current: as read at \(readAt); the loans cannot be read now: \(message)"
    }

    /// `OVERDUE (2)`, `DUE SOON (3)`, `LATER (4)`, `RETURNED (12)`; `(99+)` when a count that
    /// walks the loans (a filter's matches, the returned loans) stopped at its cap; a filter too
    /// short for the index says how far it searched.
    package static func heading(_ section: AgendaSection) -> String {
        let name = switch section.kind {
        case .due(.overdue, _): "OVERDUE"
        case .due(.dueSoon, _): "DUE SOON"
        case .due(.later, _): "LATER"
        case .returned: "RETURNED"
        }
        let count = "\(section.count)\(section.countIsCapped ? "+" : "")"
        guard section.searchedThrough == nil else {
            return "\(name) (\(count) in the first \(SearchText.standardWalkBound) loans; "
                + "\(SearchText.indexedLength) or more characters search them all)"
        }
        return "\(name) (\(count))"
    }

    package static func row(_ item: LoanStanding, selected: Bool) -> RowFrame {
        RowFrame(
            id: item.id, title: item.loan.title, party: LoanWording.shortParty(item.loan),
            relativeDay: RelativeDay.capitalized(RelativeDay.phrase(item)), tone: tone(item.status), selected: selected
        )
    }

    package static func tone(_ status: LoanStatus) -> Tone {
        switch status {
        case .overdue: .overdue
        case .dueSoon: .dueSoon
        case .open, .returned: .plain
        }
    }

    static func tone(_ kind: AgendaSection.Kind) -> Tone {
        switch kind {
        case .due(.overdue, _): .overdue
        case .due(.dueSoon, _): .dueSoon
        case .due(.later, _), .returned: .accent
        }
    }
}

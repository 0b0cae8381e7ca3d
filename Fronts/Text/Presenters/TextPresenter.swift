import LoansCore

/// Words loans as rows of a text table for the command line — `agenda`, `overdue`, `due-soon`,
/// `list` — as Core's use cases hand them over from one snapshot, straight into the view (so no
/// answer is ever held whole): each group under a heading with its count (`OVERDUE (3)`), one row
/// per loan (`#3`, the title, `lent to Alice`, with dates `due 2026-11-28`, `2 days overdue`), and
/// one line saying there is nothing to show when no row came.
package struct TextPresenter {
    let policy: DuePolicy

    package init(policy: DuePolicy) {
        self.policy = policy
    }

    /// `loans agenda`: overdue, then due soon; `dates` adds each loan's due date.
    package func agenda(_ query: AgendaQuery, dates: Bool = false, to view: inout TextTableWriter) throws {
        try groups(AgendaQuery.agendaGroups, of: query, dates: dates, empty: "No loans overdue or due soon.", to: &view)
    }

    /// `loans overdue`.
    package func overdue(_ query: AgendaQuery, dates: Bool = false, to view: inout TextTableWriter) throws {
        try groups([.overdue], of: query, dates: dates, empty: "No loans overdue.", to: &view)
    }

    /// `loans due-soon`.
    package func dueSoon(_ query: AgendaQuery, dates: Bool = false, to view: inout TextTableWriter) throws {
        try groups([.dueSoon], of: query, dates: dates, empty: "No loans due soon.", to: &view)
    }

    /// `loans list`: one row per loan of the selection that the filter keeps, by id, with its due
    /// date and status; an empty answer of a narrowed listing (`--person`, `--search` …) says
    /// "match". Returns a note for the reader when the answer is not the whole selection's (a
    /// search text too short for the index looks at the first loans only).
    package func list(
        _ lookup: LoanLookup, _ selection: LoanSelection, matching filter: LoanFilter = LoanFilter(),
        to view: inout TextTableWriter
    ) throws -> String? {
        let reach = try lookup.list(selection, matching: filter, policy) { try row($0, dates: true, to: &view) }
        if view.isEmpty {
            let empty = switch selection {
            case .open: "No open loans"
            case .returned: "No returned loans"
            case .all: "No loans"
            }
            view.line(empty + (filter != LoanFilter() ? " match." : "."))
        }
        try view.finish()
        guard case .stoppedAtBound(let read) = reach else { return nil }
        return "a text shorter than \(SearchText.indexedLength) characters is looked for in the first \(read) loans only; "
            + "\(SearchText.indexedLength) or more search them all"
    }

    /// The groups in order, each under its heading (a group without loans has none).
    private func groups(
        _ groups: [DueGroup], of query: AgendaQuery, dates: Bool, empty: String, to view: inout TextTableWriter
    ) throws {
        var summary: AgendaSummary?
        var group: LoanStatus?
        try query.stream(.groups(groups), policy) { summary = $0 } visit: { item in
            if item.status != group, let summary, let heading = heading(item.status, summary) {
                group = item.status
                view.heading(heading)
            }
            try row(item, dates: dates, to: &view)
        }
        if view.isEmpty { view.line(empty) }
        try view.finish()
    }

    /// The heading of a group's loans, with the group's count.
    private func heading(_ status: LoanStatus, _ summary: AgendaSummary) -> String? {
        switch status {
        case .overdue: "OVERDUE (\(summary.overdueCount))"
        case .dueSoon: "DUE SOON (\(summary.dueSoonCount))"
        case .open, .returned: nil
        }
    }

    /// A loan's row: `#3`, the title, `lent to Alice`, with dates `due 2026-11-28`, `2 days overdue`.
    private func row(_ item: LoanStanding, dates: Bool, to view: inout TextTableWriter) throws {
        let loan = item.loan
        view.cell("#", number: loan.id.rawValue)
        view.cell(loan.title)
        view.cell(LoanWording.partyPrefix(loan.direction), loan.counterparty)
        if dates { view.cell("due ", date: loan.dueOn) }
        try view.endRow(last: RelativeDay.phrase(item), status: item.status)
    }
}

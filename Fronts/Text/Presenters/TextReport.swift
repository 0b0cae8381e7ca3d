import LoansCore

/// A text answer: headed sections of rows, or one line saying there is nothing to show.
package struct TextReport: Equatable, Sendable {
    /// A heading and its rows.
    package struct Section: Equatable, Sendable {
        package let heading: String?
        package let rows: [Row]
    }

    /// One loan's cells and where it stands (its colour on a terminal).
    package struct Row: Equatable, Sendable {
        package let cells: [String]
        package let status: LoanStatus
    }

    package let sections: [Section]
    /// Printed instead of the sections when none has rows.
    package let emptyText: String

    /// The report as lines, laid out in columns (shared across sections so they line up); with
    /// `colour`, each loan's line in the colour of its status.
    package func lines(colour: Bool = false) -> [String] {
        let filled = sections.filter { !$0.rows.isEmpty }
        guard !filled.isEmpty else { return [emptyText] }
        let rows = filled.flatMap(\.rows)
        let table = TextTable().render(rows.map(\.cells), indent: filled.contains { $0.heading != nil } ? "  " : "")
        var out: [String] = []
        var next = 0
        for section in filled {
            if let heading = section.heading { out.append(heading) }
            for index in next..<next + section.rows.count {
                out.append(TextColour.paint(table[index], rows[index].status, colour: colour))
            }
            next += section.rows.count
        }
        return out
    }
}

/// Words loans as rows of cells for the command line's text output.
package enum TextPresenter {
    /// `loans agenda`: overdue, then due soon; `dates` adds each loan's due date.
    package static func agenda(_ agenda: Agenda, dates: Bool = false) -> TextReport {
        TextReport(
            sections: [section("OVERDUE", agenda.overdue, dates), section("DUE SOON", agenda.dueSoon, dates)],
            emptyText: "No loans overdue or due soon."
        )
    }

    /// `loans overdue`.
    package static func overdue(_ loans: [LoanStanding], dates: Bool = false) -> TextReport {
        TextReport(sections: [section("OVERDUE", loans, dates)], emptyText: "No loans overdue.")
    }

    /// `loans due-soon`.
    package static func dueSoon(_ loans: [LoanStanding], dates: Bool = false) -> TextReport {
        TextReport(sections: [section("DUE SOON", loans, dates)], emptyText: "No loans due soon.")
    }

    /// `loans list`: one row per loan with its due date and status. `filtered` says that the
    /// listing was narrowed (`--person`, `--search` …), so an empty answer says "matching".
    package static func list(_ loans: [LoanStanding], _ selection: LoanSelection, filtered: Bool = false) -> TextReport {
        let empty = switch selection {
        case .open: "No open loans"
        case .returned: "No returned loans"
        case .all: "No loans"
        }
        return TextReport(
            sections: [TextReport.Section(heading: nil, rows: loans.map { row($0, dates: true) })],
            emptyText: empty + (filtered ? " match." : ".")
        )
    }

    private static func section(_ title: String, _ loans: [LoanStanding], _ dates: Bool) -> TextReport.Section {
        TextReport.Section(heading: "\(title) (\(loans.count))", rows: loans.map { row($0, dates: dates) })
    }

    private static func row(_ item: LoanStanding, dates: Bool) -> TextReport.Row {
        let due = dates ? ["due \(item.loan.dueOn)"] : []
        return TextReport.Row(
            cells: ["#\(item.id)", item.loan.title, LoanWording.party(item.loan)] + due + [RelativeDay.phrase(item)],
            status: item.status
        )
    }
}

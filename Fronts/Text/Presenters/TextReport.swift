import LoansCore

/// A text answer: headed sections of rows, or one line saying there is nothing to show.
public struct TextReport: Equatable, Sendable {
    /// A heading and its rows of cells.
    public struct Section: Equatable, Sendable {
        public let heading: String?
        public let rows: [[String]]
    }

    public let sections: [Section]
    /// Printed instead of the sections when none has rows.
    public let emptyText: String

    /// The report as lines, laid out in columns (shared across sections so they line up).
    public func lines() -> [String] {
        let filled = sections.filter { !$0.rows.isEmpty }
        guard !filled.isEmpty else { return [emptyText] }
        let table = TextTable().render(filled.flatMap(\.rows), indent: filled.contains { $0.heading != nil } ? "  " : "")
        var out: [String] = []
        var next = 0
        for section in filled {
            if let heading = section.heading { out.append(heading) }
            out += table[next..<next + section.rows.count]
            next += section.rows.count
        }
        return out
    }
}

/// Words loans as rows of cells for the command line's text output.
public enum TextPresenter {
    /// `loans agenda`: overdue, then due soon.
    public static func agenda(_ agenda: Agenda) -> TextReport {
        TextReport(
            sections: [section("OVERDUE", agenda.overdue), section("DUE SOON", agenda.dueSoon)],
            emptyText: "No loans overdue or due soon."
        )
    }

    /// `loans overdue`.
    public static func overdue(_ loans: [LoanStanding]) -> TextReport {
        TextReport(sections: [section("OVERDUE", loans)], emptyText: "No loans overdue.")
    }

    /// `loans due-soon`.
    public static func dueSoon(_ loans: [LoanStanding]) -> TextReport {
        TextReport(sections: [section("DUE SOON", loans)], emptyText: "No loans due soon.")
    }

    /// `loans list`: one row per loan with its due date and status.
    public static func list(_ loans: [LoanStanding], _ selection: LoanSelection) -> TextReport {
        let rows = loans.map { item in
            ["#\(item.id)", item.loan.title, LoanWording.party(item.loan), "due \(item.loan.dueOn)", RelativeDay.phrase(item)]
        }
        let empty = switch selection {
        case .open: "No open loans."
        case .returned: "No returned loans."
        case .all: "No loans."
        }
        return TextReport(sections: [TextReport.Section(heading: nil, rows: rows)], emptyText: empty)
    }

    private static func section(_ title: String, _ loans: [LoanStanding]) -> TextReport.Section {
        TextReport.Section(
            heading: "\(title) (\(loans.count))",
            rows: loans.map { ["#\($0.id)", $0.loan.title, LoanWording.party($0.loan), RelativeDay.phrase($0)] }
        )
    }
}

import LoansCore

/// A place in the list: a section's heading, or the row of an open loan (by its due date
/// and id, which stay meaningful when the loan itself is gone). Headings come before their
/// rows, rows in (due date, id) order.
public enum LinePosition: Hashable, Sendable, Comparable {
    case heading(Int)
    case row(Int, DueOrderKey)

    var section: Int {
        switch self {
        case .heading(let section), .row(let section, _): section
        }
    }

    public static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
        switch (lhs, rhs) {
        case (.heading(let a), .heading(let b)): a < b
        case (.heading(let a), .row(let b, _)): a <= b
        case (.row(let a, _), .heading(let b)): a < b
        case (.row(let a, let x), .row(let b, let y)): (a, x) < (b, y)
        }
    }
}

/// One line of the list: a section heading or a loan with its standing today.
public enum AgendaLine: Hashable, Sendable {
    case heading(Int)
    case row(Int, LoanStanding)

    public var position: LinePosition {
        switch self {
        case .heading(let section): .heading(section)
        case .row(let section, let item): .row(section, DueOrderKey(dueOn: item.loan.dueOn, id: item.id))
        }
    }

    public var loan: LoanStanding? {
        if case .row(_, let item) = self { return item }
        return nil
    }
}

/// Walks the list a few lines at a time, forwards or backwards from any position, with the
/// store's keyset pages: the cost of a step is the lines it returns, never the size of the list.
struct AgendaWalker {
    let query: AgendaQuery
    let policy: DuePolicy
    let sections: [AgendaSection]
    let filter: String?

    /// Up to `count` lines from `position` on (including it when `inclusive`), or from the top.
    func forward(from position: LinePosition?, inclusive: Bool, count: Int) throws -> [AgendaLine] {
        var lines: [AgendaLine] = []
        var section = position?.section ?? 0
        var key: DueOrderKey?
        var heading = true
        switch position {
        case nil:
            break
        case .heading:
            heading = inclusive
        case .row(_, let at):
            heading = false
            key = inclusive ? at.justBefore : at
        }
        while section < sections.count, lines.count < count {
            if sections[section].count > 0 {
                if heading { lines.append(.heading(section)) }
                try rows(section, beyond: key, descending: false, limit: count - lines.count) { lines.append($0) }
            }
            section += 1
            heading = true
            key = nil
        }
        return lines
    }

    /// Up to `count` lines before `position` (before the end when nil), nearest first.
    func backward(before position: LinePosition?, count: Int) throws -> [AgendaLine] {
        var lines: [AgendaLine] = []
        var section = sections.count - 1
        var key: DueOrderKey?
        switch position {
        case nil:
            break
        case .heading(let at):
            section = at - 1
        case .row(let at, let row):
            section = at
            key = row
        }
        while section >= 0, lines.count < count {
            if sections[section].count > 0 {
                try rows(section, beyond: key, descending: true, limit: count - lines.count) { lines.append($0) }
                if lines.count < count { lines.append(.heading(section)) }
            }
            section -= 1
            key = nil
        }
        return lines
    }

    /// The first line of the list, if any section has loans.
    var start: LinePosition? {
        sections.firstIndex { $0.count > 0 }.map(LinePosition.heading)
    }

    /// The section whose due dates include `date`.
    func section(containing date: CivilDate) -> Int? {
        sections.firstIndex { $0.range.contains(date) }
    }

    private func rows(
        _ section: Int, beyond key: DueOrderKey?, descending: Bool, limit: Int, _ add: (AgendaLine) -> Void
    ) throws {
        guard limit > 0 else { return }
        try query.group(sections[section].group).page(policy, matching: filter, beyond: key, descending: descending, limit: limit) {
            add(.row(section, $0))
        }
    }
}

extension DueOrderKey {
    /// The key just before this one, so that a walk "after" it starts with this very row.
    var justBefore: DueOrderKey {
        let (previous, overflow) = id.rawValue.subtractingReportingOverflow(1)
        return DueOrderKey(dueOn: dueOn, id: LoanID(overflow ? id.rawValue : previous))
    }
}

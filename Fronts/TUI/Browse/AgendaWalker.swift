import LoansCore

/// Where a row stands in its section, by the values that order it (they stay meaningful when
/// the loan itself is gone): an open loan by (due date, id), a returned one by (return date,
/// id) newest first.
package enum RowKey: Hashable, Sendable, Comparable {
    case due(DueOrderKey)
    case returned(ReturnOrderKey)

    init(_ loan: Loan) {
        self = ReturnOrderKey(loan).map(RowKey.returned) ?? .due(DueOrderKey(loan))
    }

    /// In list order: due dates ascending, returns newest first.
    package static func < (lhs: RowKey, rhs: RowKey) -> Bool {
        switch (lhs, rhs) {
        case (.due(let a), .due(let b)): a < b
        case (.returned(let a), .returned(let b)): b < a
        case (.due, .returned): true
        case (.returned, .due): false
        }
    }

    var dueKey: DueOrderKey? {
        if case .due(let key) = self { return key }
        return nil
    }

    var returnKey: ReturnOrderKey? {
        if case .returned(let key) = self { return key }
        return nil
    }

    /// The key just before this one in list order, so that a walk "after" it starts with this
    /// very row.
    var justBefore: RowKey {
        switch self {
        case .due(let key):
            let (previous, overflow) = key.id.rawValue.subtractingReportingOverflow(1)
            return .due(DueOrderKey(dueOn: key.dueOn, id: LoanID(overflow ? key.id.rawValue : previous)))
        case .returned(let key):
            let (next, overflow) = key.id.rawValue.addingReportingOverflow(1)
            return .returned(ReturnOrderKey(returnedOn: key.returnedOn, id: LoanID(overflow ? key.id.rawValue : next)))
        }
    }
}

/// A place in the list: a section's heading, or a loan's row. Headings come before their rows,
/// rows in their section's order.
package enum LinePosition: Hashable, Sendable, Comparable {
    case heading(Int)
    case row(Int, RowKey)

    var section: Int {
        switch self {
        case .heading(let section), .row(let section, _): section
        }
    }

    package static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
        switch (lhs, rhs) {
        case (.heading(let a), .heading(let b)): a < b
        case (.heading(let a), .row(let b, _)): a <= b
        case (.row(let a, _), .heading(let b)): a < b
        case (.row(let a, let x), .row(let b, let y)): (a, x) < (b, y)
        }
    }
}

/// One line of the list: a section heading or a loan with its standing today.
package enum AgendaLine: Hashable, Sendable {
    case heading(Int)
    case row(Int, LoanStanding)

    package var position: LinePosition {
        switch self {
        case .heading(let section): .heading(section)
        case .row(let section, let item): .row(section, RowKey(item.loan))
        }
    }

    package var loan: LoanStanding? {
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
        var key: RowKey?
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
        var key: RowKey?
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

    /// The section of open loans whose due dates include `date`.
    func section(containing date: CivilDate) -> Int? {
        sections.firstIndex { section in
            if case .due(_, let range) = section.kind { return range.contains(date) }
            return false
        }
    }

    /// Up to `limit` rows of a section strictly beyond `key` in list order, or backwards.
    private func rows(
        _ section: Int, beyond key: RowKey?, descending: Bool, limit: Int, _ add: (AgendaLine) -> Void
    ) throws {
        guard limit > 0 else { return }
        switch sections[section].kind {
        case .due(let group, _):
            var beyond = key?.dueKey
            let end = sections[section].searchedThrough
            if let end, descending, beyond.map({ $0 > end }) ?? true { beyond = end.justAfter }
            try query.group(group).page(policy, matching: filter, beyond: beyond, descending: descending, limit: limit) { item in
                if let end, DueOrderKey(item.loan) > end { return }
                add(.row(section, item))
            }
        case .returned:
            try query.returned.page(beyond: key?.returnKey, newestFirst: !descending, limit: limit) {
                add(.row(section, policy.standing(of: $0)))
            }
        }
    }
}

extension DueOrderKey {
    /// The key just after this one, so that a walk backwards "before" it starts with this very row.
    var justAfter: DueOrderKey {
        let (next, overflow) = id.rawValue.addingReportingOverflow(1)
        return DueOrderKey(dueOn: dueOn, id: LoanID(overflow ? id.rawValue : next))
    }
}

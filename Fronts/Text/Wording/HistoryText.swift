import LoansCore

/// `loans history`: one line per change, newest first — local time, the change's id (as undo
/// and its refusals cite it), the loan (or the person whose contact was set), what happened:
/// `2026-11-30 10:02  change 11  #3  The Hobbit  returned on 2026-11-30 (was due 2026-11-28)`,
/// `2026-11-30 10:05  change 12      Alice       contact added: alice@example.org`.
/// Changes made by someone else say who.
package enum HistoryText {
    /// The lines for `entries`; `wallTime` shows an instant in local time, `author` is the
    /// person reading (their own changes need no name).
    package static func lines(
        _ entries: [HistoryEntry], of loan: LoanID?, author: String, wallTime: (UTCTimestamp) -> WallTime
    ) -> [String] {
        guard !entries.isEmpty else { return [loan.map { "No changes of loan #\($0)." } ?? "No changes yet."] }
        let rows = entries.map { entry in
            let change = entry.change
            let loan = entry.delta.map { $0.after ?? $0.before }
            let person = entry.person.flatMap { $0.after ?? $0.before }
            var what = ChangeWording.what(entry)
            if change.isUndone { what += " (undone)" }
            if change.who != author { what += " — by \(change.who)" }
            return [
                wallTime(change.at).description, "change \(change.id)", loan.flatMap { $0 }.map { "#\($0.id)" } ?? "",
                loan.flatMap { $0 }?.title ?? person?.name ?? "", what,
            ]
        }
        var table = TextTable()
        table.capsLastColumn = false
        return table.render(rows)
    }
}

/// The words for what a change did, shared by the history and the undo messages.
package enum ChangeWording {
    /// The verb in the past tense: `returned`, `imported` …
    package static func past(_ kind: ChangeKind) -> String {
        switch kind {
        case .add: "added"
        case .edit: "edited"
        case .renew: "renewed"
        case .returnLoan: "returned"
        case .reopen: "reopened"
        case .remove: "removed"
        case .importDocument: "imported"
        case .person: "set contact"
        case .undo: "undid"
        case .redo: "redid"
        }
    }

    /// What the change did, with the detail its loan's states give.
    package static func what(_ entry: HistoryEntry) -> String {
        let change = entry.change
        let before = entry.delta?.before
        let after = entry.delta?.after
        switch change.kind {
        case .add:
            return after.map { "added (\(LoanWording.party($0)), due \($0.dueOn))" } ?? "added"
        case .edit:
            let fields = zip(before.map(fieldWords) ?? [], after.map(fieldWords) ?? []).filter { $0.0 != $0.1 }.map(\.0.name)
            return fields.isEmpty ? "edited" : "edited (\(fields.joined(separator: ", ")))"
        case .renew:
            guard let before, let after else { return "renewed" }
            return "renewed to \(after.dueOn) (was due \(before.dueOn))"
        case .returnLoan:
            guard let before, let after, let day = after.returnedOn else { return "returned" }
            return day == before.dueOn ? "returned on its due date (\(day))" : "returned on \(day) (was due \(before.dueOn))"
        case .reopen:
            return before?.returnedOn.map { "reopened (had come back \($0))" } ?? "reopened"
        case .remove:
            return "removed"
        case .importDocument:
            return change.loanCount == 1 ? "imported" : "imported \(change.loanCount) loans"
        case .person:
            return entry.person.map(PersonText.what) ?? "contact set"
        case .undo, .redo:
            let target = entry.target.map { "\(past($0.kind)) (change \($0.id))" } ?? "change \(change.target.map(String.init(describing:)) ?? "?")"
            return "\(past(change.kind)) \(target)"
        }
    }

    /// The fields of a loan as they are named in words, to tell which an edit changed.
    private static func fieldWords(_ loan: Loan) -> [(name: String, value: String)] {
        [
            ("title", loan.title), ("direction", loan.direction.rawValue), ("name", loan.counterparty),
            ("lent date", loan.lentOn.iso), ("due date", loan.dueOn.iso), ("return date", loan.returnedOn?.iso ?? ""),
            ("note", loan.note ?? ""), ("renewals", loan.previousDueDates.map(\.iso).joined(separator: ",")),
        ]
    }
}

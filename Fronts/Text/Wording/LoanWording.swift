import LoansCore

/// The words every front uses for a loan's other party, a weekday and a late return, written
/// once for the text commands, the TUI and the widget.
package enum LoanWording {
    /// "lent to Alice" or "borrowed from City Library".
    package static func party(_ loan: Loan) -> String {
        "\(partyPrefix(loan.direction))\(loan.counterparty)"
    }

    /// What comes before the other party's name: "lent to " or "borrowed from ".
    package static func partyPrefix(_ direction: Direction) -> StaticString {
        switch direction {
        case .lent: "lent to "
        case .borrowed: "borrowed from "
        }
    }

    /// What to do about a loan, as a reminder or a calendar event says it: "Return The Hobbit to
    /// City Library" (borrowed) or "Get back Cordless drill from Sam" (lent).
    package static func action(_ loan: Loan) -> String {
        switch loan.direction {
        case .borrowed: "Return \(loan.title) to \(loan.counterparty)"
        case .lent: "Get back \(loan.title) from \(loan.counterparty)"
        }
    }

    /// The name of the day a loan began, the same in every front that shows it (`show`, the
    /// TUI's detail and forms): "Lent on" for a thing lent, "Borrowed on" for a thing borrowed —
    /// "Lent on" would read as if I had lent what I borrowed.
    package static func startLabel(_ direction: Direction) -> String {
        switch direction {
        case .lent: "Lent on"
        case .borrowed: "Borrowed on"
        }
    }

    /// "to Alice" or "from City Library", where the direction shows anyway (lists).
    package static func shortParty(_ loan: Loan) -> String {
        loan.direction == .lent ? "to \(loan.counterparty)" : "from \(loan.counterparty)"
    }

    /// `Mon` … `Sun`.
    package static func weekday(_ date: CivilDate) -> String {
        switch date.weekday {
        case .monday: "Mon"
        case .tuesday: "Tue"
        case .wednesday: "Wed"
        case .thursday: "Thu"
        case .friday: "Fri"
        case .saturday: "Sat"
        case .sunday: "Sun"
        }
    }

    /// "on time", "1 day late", "3 days late" for a returned loan; nil while it is out.
    package static func lateness(_ loan: Loan) -> String? {
        switch loan.daysReturnedLate {
        case nil: nil
        case 0: "on time"
        case 1: "1 day late"
        case let days?: "\(days) days late"
        }
    }
}

/// What a change did, in one line: the same words on the command line and in the TUI.
package enum OutcomeText {
    package static func added(_ id: LoanID) -> String { "Added loan #\(id)." }
    /// `Edited loan #3.`, saying which renewals a corrected due date dropped: `Edited loan #3;
    /// dropped 1 renewal whose earlier due date (2026-12-09) is not before the new due date
    /// 2026-12-05 (undo brings it back).`
    package static func edited(_ outcome: EditOutcome) -> String {
        let loan = outcome.loan
        let dropped = outcome.droppedDueDates
        guard !dropped.isEmpty else { return "Edited loan #\(loan.id)." }
        let dates = dropped.map(\.iso).joined(separator: ", ")
        let which = dropped.count == 1
            ? "1 renewal whose earlier due date (\(dates)) is"
            : "\(dropped.count) renewals whose earlier due dates (\(dates)) are"
        return "Edited loan #\(loan.id); dropped \(which) not before the new due date \(loan.dueOn)"
            + " (undo brings \(dropped.count == 1 ? "it" : "them") back)."
    }
    package static func renewed(_ loan: Loan) -> String { "Renewed loan #\(loan.id): now due \(loan.dueOn) (renewal \(loan.renewals))." }
    package static func returned(_ loan: Loan, on date: CivilDate) -> String { "Returned loan #\(loan.id) on \(date)." }
    package static func removed(_ id: LoanID) -> String { "Removed loan #\(id)." }
    package static func reopened(_ loan: Loan) -> String { "Reopened loan #\(loan.id): it is open again, due \(loan.dueOn)." }
}

/// What an import did (or, for a dry run, would do), in one line: `Imported 8 loans.`,
/// `Imported 2 loans (1 new, 1 replaced); 3 unchanged.`, `Nothing imported: 8 loans unchanged.`,
/// and what became of the document's history when it carries one: `Imported 8 loans and their
/// history (12 changes).`, or a note that it was left aside; its contacts, when it carries any:
/// `Contacts: 2 new, 1 updated; 3 unchanged.`
package enum ImportText {
    package static func outcome(_ outcome: ImportOutcome, dryRun: Bool) -> String {
        let contacts = contactsLine(outcome, dryRun: dryRun)
        func with(_ line: String) -> String { contacts.map { line + " " + $0 } ?? line }
        func changes(_ count: Int) -> String { "\(count) change\(count == 1 ? "" : "s")" }
        if outcome.adoptedChanges > 0 {
            // Into an empty database: every loan is new.
            let head = dryRun ? "Would import" : "Imported"
            let history = "history (\(changes(outcome.adoptedChanges)))"
            guard outcome.added > 0 else { return with("\(head) the \(history); the document holds no loans.") }
            return with("\(head) \(outcome.added) loan\(outcome.added == 1 ? "" : "s") and their \(history).")
        }
        let loans = outcome.added + outcome.replaced + outcome.renumbered + outcome.unchanged
        // A document of contacts alone says what became of them, not that it holds no loans; one
        // that writes contacts only says the loans are unchanged, not that nothing was imported.
        let line: String?
        if loans == 0, contacts != nil {
            line = nil
        } else if loans == outcome.unchanged, outcome.peopleAdded + outcome.peopleUpdated > 0 {
            line = "\(loans) loan\(loans == 1 ? "" : "s") unchanged."
        } else {
            line = loansLine(outcome, dryRun: dryRun)
        }
        let said = [line, contacts].compactMap { $0 }.joined(separator: " ")
        if outcome.ignoredChanges > 0 {
            return said + " The document's history (\(changes(outcome.ignoredChanges))) was left aside: the database already had loans or history."
        }
        return said
    }

    /// `Contacts: 2 new, 1 updated; 3 unchanged.` (for a dry run, `Contacts it would write: …`);
    /// nil when the document holds none.
    private static func contactsLine(_ outcome: ImportOutcome, dryRun: Bool) -> String? {
        let written = outcome.peopleAdded + outcome.peopleUpdated
        guard written + outcome.peopleUnchanged > 0 else { return nil }
        var parts: [String] = []
        if outcome.peopleAdded > 0 { parts.append("\(outcome.peopleAdded) new") }
        if outcome.peopleUpdated > 0 { parts.append("\(outcome.peopleUpdated) updated") }
        var line = (dryRun && written > 0 ? "Contacts it would write: " : "Contacts: ") + parts.joined(separator: ", ")
        if outcome.peopleUnchanged > 0 { line += (parts.isEmpty ? "" : "; ") + "\(outcome.peopleUnchanged) unchanged" }
        return line + "."
    }

    private static func loansLine(_ outcome: ImportOutcome, dryRun: Bool) -> String {
        func loans(_ count: Int) -> String { "\(count) loan\(count == 1 ? "" : "s")" }
        let written = outcome.added + outcome.replaced + outcome.renumbered
        let unchanged = outcome.unchanged > 0 ? "\(outcome.unchanged) unchanged" : ""
        guard written > 0 else {
            let head = dryRun ? "Would import nothing" : "Nothing imported"
            return outcome.unchanged > 0 ? "\(head): \(loans(outcome.unchanged)) unchanged." : "\(head): the document holds no loans."
        }
        var kinds: [String] = []
        if outcome.added > 0, outcome.added < written { kinds.append("\(outcome.added) new") }
        if outcome.replaced > 0 { kinds.append("\(outcome.replaced) replaced") }
        if outcome.renumbered > 0 { kinds.append("\(outcome.renumbered) renumbered") }
        var line = (dryRun ? "Would import " : "Imported ") + loans(written)
        if !kinds.isEmpty { line += " (" + kinds.joined(separator: ", ") + ")" }
        return line + (unchanged.isEmpty ? "." : "; \(unchanged).")
    }
}

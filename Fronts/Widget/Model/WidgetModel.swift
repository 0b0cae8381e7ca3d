import LoansCore

/// How urgent the widget's answer is: decides the colour, class and state in every format.
package enum WidgetState: String, Hashable, Sendable, CaseIterable {
    /// Nothing overdue, nothing due soon: the bars hide the widget (or show `--empty`).
    case nothingDue = "none"
    /// Something is due soon and nothing is overdue: yellow.
    case dueSoon = "due-soon"
    /// Something is overdue: red.
    case overdue
    /// The answer could not be read: `loans: error`, red.
    case failed = "error"
}

/// The widget's answer in words, before it is fitted to a width: the non-zero counts, the most
/// urgent loan and its relative day, and the agenda's first loans for a tooltip. Every piece is
/// already sanitised (no control characters).
package struct WidgetModel: Hashable, Sendable {
    /// A due loan, as the widget words it.
    package struct UrgentLoan: Hashable, Sendable {
        /// The title, sanitised, not yet shortened.
        package let title: String
        /// "lent to Alice", "borrowed from City Library", sanitised.
        package let party: String
        /// "2 days overdue", "due today".
        package let day: String

        package init(title: String, party: String, day: String) {
            self.title = title
            self.party = party
            self.day = day
        }
    }

    package let state: WidgetState
    package let overdueCount: Int
    package let dueSoonCount: Int
    /// The agenda's first loans in its order (overdue, then due soon): the most urgent alone,
    /// unless the summary named more; empty when nothing is due.
    package let listed: [UrgentLoan]
    /// How many due loans `listed` leaves out.
    package let unlisted: Int

    package init(state: WidgetState, overdueCount: Int, dueSoonCount: Int, listed: [UrgentLoan], unlisted: Int) {
        self.state = state
        self.overdueCount = overdueCount
        self.dueSoonCount = dueSoonCount
        self.listed = listed
        self.unlisted = unlisted
    }

    /// The most overdue loan, else the one due soonest; nil when nothing is due.
    package var urgent: UrgentLoan? { listed.first }

    /// The non-zero counts: "2 overdue · 3 due soon", "3 due soon"; empty when nothing is due.
    package var counts: String {
        // Concatenated by hand: `joined(separator:)` is not specialised here, and looking up its
        // generic witnesses at run time cost a status bar's run about 5 % of its instructions.
        let overdue = overdueCount > 0 ? "\(overdueCount) overdue" : ""
        let dueSoon = dueSoonCount > 0 ? "\(dueSoonCount) due soon" : ""
        return overdue.isEmpty || dueSoon.isEmpty ? overdue + dueSoon : overdue + " · " + dueSoon
    }
}

/// What a bar shows, as visible text: sanitised and fitted to `--max-width`, not yet escaped.
/// Views escape it for their bar and give it the bar's shape; they never change the words.
package struct WidgetText: Hashable, Sendable {
    package let state: WidgetState
    /// The whole line: `2 overdue · 3 due soon: The Hobbit (2 days overdue)`.
    package let full: String
    /// The counts only (`2 overdue · 3 due soon`), for bars short of room.
    package let short: String
    /// What a hover (waybar's tooltip) or a click (a notification) shows: a heading — the counts,
    /// "Nothing overdue or due soon." or `loans: error` — then `lines`.
    package let heading: String
    /// The agenda's loans, one a line (`The Hobbit — lent to Alice, 2 days overdue`), at most
    /// `WidgetPresenter.listedLoans` and then `… and 3 more`; or why the answer failed.
    package let lines: [String]

    package init(state: WidgetState, full: String, short: String, heading: String, lines: [String] = []) {
        self.state = state
        self.full = full
        self.short = short
        self.heading = heading
        self.lines = lines
    }

    /// The heading and the lines, one a line: waybar's tooltip.
    package var tooltip: String {
        var text = heading
        for line in lines {
            text += "\n"
            text += line
        }
        return text
    }
}

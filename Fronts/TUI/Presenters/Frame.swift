import LoansCore

/// What one screen shows, worded but not laid out: the presenters make frames, the views lay
/// them out in a screen buffer, and the router routes only the ids a frame shows.
package struct Frame: Hashable, Sendable {
    /// The header: today and the window, then the name of the view or screen.
    package var header: String
    package var context: String
    /// A throwaway demo database: the header says `DEMO`.
    package var demo: Bool
    package var body: Body
    /// A message on the line above the footer (what the last action did, or why it failed).
    package var status: StatusLine?
    /// The footer's key hints.
    package var hints: [KeyHint]

    package init(header: String, context: String, body: Body, status: StatusLine? = nil, hints: [KeyHint], demo: Bool = false) {
        self.header = header
        self.context = context
        self.demo = demo
        self.body = body
        self.status = status
        self.hints = hints
    }

    /// The loan ids on screen: the only ids the router will open.
    package var visibleIDs: [LoanID] {
        switch body {
        case .list(let list): list.lines.compactMap(\.id)
        case .detail(let detail): [detail.id]
        case .form(let form): form.loanID.map { [$0] } ?? []
        case .confirm(let confirm): [confirm.id]
        case .notice, .help: []
        }
    }
}

/// The main part of a frame.
package enum Body: Hashable, Sendable {
    case list(ListBody)
    /// Nothing to list, or a failure: one message in the middle of the screen.
    case notice(Notice)
    case detail(DetailBody)
    case form(FormBody)
    case confirm(ConfirmBody)
    case help(HelpBody)
}

/// A key and what it does, as the footer shows it.
package struct KeyHint: Hashable, Sendable {
    package let key: String
    package let action: String

    package init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

/// The line above the footer: a message, or the filter being typed.
package enum StatusLine: Hashable, Sendable {
    case message(String, Tone)
    /// The filter prompt, with the text and where its cursor is, and what it refused to take.
    case filter(TextInput, note: String?)
}

/// A centred message: empty, or could not load.
package struct Notice: Hashable, Sendable {
    package let text: String
    package let tone: Tone
    /// A second, quieter line (what to do next).
    package let hint: String?
}

/// The list: section headings and loan rows.
package struct ListBody: Hashable, Sendable {
    /// One line of the list, already worded.
    package enum Line: Hashable, Sendable {
        case heading(String, Tone)
        case row(RowFrame)

        var id: LoanID? {
            if case .row(let row) = self { return row.id }
            return nil
        }
    }

    package let lines: [Line]
    package let moreAbove: Bool
    package let moreBelow: Bool
}

/// A loan's row: `#id  title  counterparty  relative day`.
package struct RowFrame: Hashable, Sendable {
    package let id: LoanID
    package let title: String
    /// "to Alice" (lent) or "from City Library" (borrowed).
    package let party: String
    /// "2 days overdue", "Due today", "Due in 3 days".
    package let relativeDay: String
    package let tone: Tone
    package let selected: Bool
}

/// Every field of one loan.
package struct DetailBody: Hashable, Sendable {
    /// A label and its value; a note's further lines have an empty label.
    package struct Field: Hashable, Sendable {
        package let label: String
        package let value: String
        package let tone: Tone
    }

    package let id: LoanID
    package let title: String
    package let fields: [Field]
    package let scroll: Int
}

/// A form: its title, fields with their problems or the day a date means, and a failure.
package struct FormBody: Hashable, Sendable {
    /// One field as shown.
    package struct Field: Hashable, Sendable {
        package let label: String
        /// The text (or the toggle's value), with the cursor when the field has the focus.
        package let input: TextInput
        package let isToggle: Bool
        package let focused: Bool
        /// The text is a default that the first character typed replaces: shown as selected.
        package let prefilled: Bool
        /// The day a date field means ("Sun 2026-12-06"), when it parses.
        package let meaning: String?
        package let problem: String?
    }

    package let title: String
    package let loanID: LoanID?
    package let fields: [Field]
    package let failure: String?
    /// What the focused field refused to take, worded (it was full).
    package let overflow: String?
    /// Esc was pressed on changed values: the form asks whether to throw them away.
    package let askingToDiscard: Bool
}

/// A yes/no question about a loan.
package struct ConfirmBody: Hashable, Sendable {
    package let id: LoanID
    package let question: String
}

/// The keys, in groups.
package struct HelpBody: Hashable, Sendable {
    package let lines: [String]
    package let scroll: Int
}

import LoansCore

/// What one screen shows, worded but not laid out: the presenters make frames, the views lay
/// them out in a screen buffer, and the router routes only the ids a frame shows.
public struct Frame: Hashable, Sendable {
    /// The header: today and the window, then the name of the view or screen.
    public var header: String
    public var context: String
    /// A throwaway demo database: the header says `DEMO`.
    public var demo: Bool
    public var body: Body
    /// A message on the line above the footer (what the last action did, or why it failed).
    public var status: StatusLine?
    /// The footer's key hints.
    public var hints: [KeyHint]

    public init(header: String, context: String, body: Body, status: StatusLine? = nil, hints: [KeyHint], demo: Bool = false) {
        self.header = header
        self.context = context
        self.demo = demo
        self.body = body
        self.status = status
        self.hints = hints
    }

    /// The loan ids on screen: the only ids the router will open.
    public var visibleIDs: [LoanID] {
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
public enum Body: Hashable, Sendable {
    case list(ListBody)
    /// Nothing to list, or a failure: one message in the middle of the screen.
    case notice(Notice)
    case detail(DetailBody)
    case form(FormBody)
    case confirm(ConfirmBody)
    case help(HelpBody)
}

/// A key and what it does, as the footer shows it.
public struct KeyHint: Hashable, Sendable {
    public let key: String
    public let action: String

    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

/// The line above the footer: a message, or the filter being typed.
public enum StatusLine: Hashable, Sendable {
    case message(String, Tone)
    /// The filter prompt, with the text and where its cursor is.
    case filter(TextInput)
}

/// A centred message: empty, or could not load.
public struct Notice: Hashable, Sendable {
    public let text: String
    public let tone: Tone
    /// A second, quieter line (what to do next).
    public let hint: String?
}

/// The list: section headings and loan rows.
public struct ListBody: Hashable, Sendable {
    /// One line of the list, already worded.
    public enum Line: Hashable, Sendable {
        case heading(String, Tone)
        case row(RowFrame)

        var id: LoanID? {
            if case .row(let row) = self { return row.id }
            return nil
        }
    }

    public let lines: [Line]
    public let moreAbove: Bool
    public let moreBelow: Bool
}

/// A loan's row: `#id  title  counterparty  relative day`.
public struct RowFrame: Hashable, Sendable {
    public let id: LoanID
    public let title: String
    /// "to Alice" (lent) or "from City Library" (borrowed).
    public let party: String
    /// "2 days overdue", "Due today", "Due in 3 days".
    public let relativeDay: String
    public let tone: Tone
    public let selected: Bool
}

/// Every field of one loan.
public struct DetailBody: Hashable, Sendable {
    /// A label and its value; a note's further lines have an empty label.
    public struct Field: Hashable, Sendable {
        public let label: String
        public let value: String
        public let tone: Tone
    }

    public let id: LoanID
    public let title: String
    public let fields: [Field]
    public let scroll: Int
}

/// A form: its title, fields with their problems or the day a date means, and a failure.
public struct FormBody: Hashable, Sendable {
    /// One field as shown.
    public struct Field: Hashable, Sendable {
        public let label: String
        /// The text (or the toggle's value), with the cursor when the field has the focus.
        public let input: TextInput
        public let isToggle: Bool
        public let focused: Bool
        /// The day a date field means ("Sun 2026-12-06"), when it parses.
        public let meaning: String?
        public let problem: String?
    }

    public let title: String
    public let loanID: LoanID?
    public let fields: [Field]
    public let failure: String?
    /// Esc was pressed on changed values: the form asks whether to throw them away.
    public let askingToDiscard: Bool
}

/// A yes/no question about a loan.
public struct ConfirmBody: Hashable, Sendable {
    public let id: LoanID
    public let question: String
}

/// The keys, in groups.
public struct HelpBody: Hashable, Sendable {
    public let lines: [String]
    public let scroll: Int
}

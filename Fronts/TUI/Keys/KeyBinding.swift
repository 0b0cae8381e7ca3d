/// One thing keys do in a mode, as bubbles' `key.Binding` holds it: the keys, when they work, how
/// the footer offers them and what the help says. The key handling, the footer and the help all
/// read bindings, so none can name a key the others do not know.
package struct KeyBinding: Hashable, Sendable {
    package let action: KeyAction
    package let keys: [Key]
    /// What must hold for the keys to work; nil: they always work in their mode.
    package let condition: KeyConditions?
    /// The footer's short name for the keys and word for what they do (`⏎ open`); nil for keys
    /// only the help lists (moving, editing text). Bindings next to each other with the same hint
    /// share it (`↑↓ scroll`).
    package let hint: KeyHint?
    /// What the keys do, in the help's words.
    package let help: String

    init(_ action: KeyAction, _ keys: [Key], when condition: KeyConditions? = nil, hint: KeyHint? = nil, _ help: String) {
        self.action = action
        self.keys = keys
        self.condition = condition
        self.hint = hint
        self.help = help
    }

    /// Whether the keys work now.
    func works(_ context: KeyContext) -> Bool {
        condition.map(context.holds.contains) ?? true
    }

    /// The same keys, not offered in the footer.
    var unhinted: KeyBinding {
        KeyBinding(action, keys, when: condition, help)
    }
}

/// What a binding may need: a loan under the cursor, a view that can be filtered, a screen that
/// scrolls… The app says which hold at the moment (`KeyContext`); a set of bits, since every key
/// asks.
package struct KeyConditions: OptionSet, Hashable, Sendable {
    package let rawValue: UInt16

    package init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// A loan is under the cursor, or on screen.
    package static let loan = KeyConditions(rawValue: 1 << 0)
    /// That loan is open; or it was returned.
    package static let openLoan = KeyConditions(rawValue: 1 << 1)
    package static let returnedLoan = KeyConditions(rawValue: 1 << 2)
    /// The view on show can be filtered (the open loans' views).
    package static let filterable = KeyConditions(rawValue: 1 << 3)
    /// A filter is set on the list.
    package static let filtered = KeyConditions(rawValue: 1 << 4)
    /// The filter being typed is empty.
    package static let emptyFilter = KeyConditions(rawValue: 1 << 5)
    /// The list shows at least one loan.
    package static let rows = KeyConditions(rawValue: 1 << 6)
    /// The detail or the help is longer than the screen.
    package static let scrollable = KeyConditions(rawValue: 1 << 7)
    /// The form has more than one field.
    package static let severalFields = KeyConditions(rawValue: 1 << 8)
    /// The focused person field offers a known name for what is typed.
    package static let suggestion = KeyConditions(rawValue: 1 << 9)
}

/// Which conditions hold at the moment, and the name of the view `Tab` goes to (the footer says it).
package struct KeyContext: Hashable, Sendable {
    package var holds: KeyConditions
    package var nextView: String

    package init(holds: KeyConditions = [], nextView: String = "") {
        self.holds = holds
        self.nextView = nextView
    }
}

/// Bindings that belong together, under the heading the help gives them. A group may serve
/// several modes (editing text serves the filter and the form's fields).
package struct KeyGroup: Hashable, Sendable {
    package let title: String
    package let bindings: [KeyBinding]

    /// The same bindings, none of them in the footer (a mode that offers other keys there).
    var unhinted: KeyGroup {
        KeyGroup(title: title, bindings: bindings.map(\.unhinted))
    }
}

extension Key {
    /// How the help writes the key: `j`, `Space`, `Ctrl-F`, `PgDn`, `⏎`, `⇧Tab`.
    package var name: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "Ctrl-" + letter.uppercased()
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "⏎"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "⇧Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        }
    }
}

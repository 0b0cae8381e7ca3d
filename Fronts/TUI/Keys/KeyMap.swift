import LoansCore
/// What a key asks the TUI to do.
package enum KeyAction: Hashable, Sendable {
    /// Down or up a loan (a line in the detail and the help), a page, to either end.
    case down, up, pageDown, pageUp, first, last
    /// Acting on a loan.
    case open, add, edit, returnLoan, renew, reopen, remove
    case undo, redo
    case filter, nextView, help
    case clearFilter, quit, back
    /// While the filter is typed: keep it and go back to the list; close it when it is empty.
    case keepFilter, closeFilter
    /// A form.
    case save, cancel, nextField, previousField
    /// A person field: take the known name offered for what is typed.
    case complete
    case toggleDirection, lent, borrowed
    /// The questions: discard a changed form; remove a loan for good.
    case discard, keepEditing
    case confirmRemove, keep
    /// Editing the text being typed.
    case text(TextEdit)
    /// Draw the whole screen again (the runner does it; the app has nothing to do).
    case repaint
}

/// The TUI's modes, each with its own keys: the list, the filter being typed, a loan's detail, a
/// form (its direction field toggles instead of taking text), the two questions, the help, the
/// failure screen and a screen about a loan that no longer exists.
package enum KeyMode: Hashable, Sendable, CaseIterable {
    case list, filtering, detail, form, directionField, discardQuestion, removeQuestion, help, failure, gone
}

/// The one key map: for each mode, the groups of bindings that say which key does what. Key
/// handling asks it for a key's action, the footer offers its hinted bindings that work at the
/// moment, and the help screen lists every group.
package enum KeyMap {
    /// The groups of a mode's bindings, in the footer's order.
    package static func groups(_ mode: KeyMode) -> [KeyGroup] {
        switch mode {
        case .list: [listMoves, list]
        case .filtering: [filter, TextInput.keys.unhinted]
        case .detail: [detail]
        case .form: [form, TextInput.keys]
        case .directionField: [form, direction]
        case .discardQuestion: [discard]
        case .removeQuestion: [remove]
        case .help: [help]
        case .failure: [failure]
        case .gone: [gone]
        }
    }

    /// Every binding of a mode, with the keys that work anywhere.
    package static func bindings(_ mode: KeyMode) -> [KeyBinding] {
        tables[mode] ?? []
    }

    /// Each mode's bindings, put together once (every key asks).
    private static let tables: [KeyMode: [KeyBinding]] = Dictionary(
        uniqueKeysWithValues: KeyMode.allCases.map { ($0, groups($0).flatMap(\.bindings) + anywhere.bindings) }
    )

    /// What `key` does in `mode` now: the first binding with the key that works; nil when none
    /// (in a text mode the key is then typed, if it is a character).
    package static func action(for key: Key, in mode: KeyMode, _ context: KeyContext) -> KeyAction? {
        action(for: key, in: bindings(mode), context)
    }

    /// What `key` does among `group`'s bindings (a widget's own keys, such as a text field's).
    static func action(for key: Key, in group: KeyGroup, _ context: KeyContext = KeyContext()) -> KeyAction? {
        action(for: key, in: group.bindings, context)
    }

    private static func action(for key: Key, in bindings: [KeyBinding], _ context: KeyContext) -> KeyAction? {
        bindings.first { $0.keys.contains(key) && $0.works(context) }?.action
    }

    /// The footer: each hint of the bindings that work now, with the keys it stands for; bindings
    /// side by side with the same hint share one (`↑↓ scroll`), and `Tab` names the next view.
    package static func footer(_ mode: KeyMode, _ context: KeyContext) -> [(hint: KeyHint, keys: [Key])] {
        var offered: [(hint: KeyHint, keys: [Key])] = []
        for binding in bindings(mode) where binding.works(context) {
            guard var hint = binding.hint else { continue }
            if binding.action == .nextView { hint = KeyHint(hint.key, context.nextView) }
            if offered.last?.hint == hint {
                offered[offered.count - 1].keys += binding.keys
            } else {
                offered.append((hint, binding.keys))
            }
        }
        return offered
    }

    /// The groups the help lists: every mode's, each once, in the order of the modes.
    package static var helpGroups: [KeyGroup] {
        var seen: Set<String> = []
        return (KeyMode.allCases.flatMap(groups) + [anywhere]).filter { seen.insert($0.title).inserted }
    }

    // MARK: The bindings

    static let listMoves = KeyGroup(title: "Moving in the list", bindings: [
        KeyBinding(.down, [.down, .character("j")], "next loan"),
        KeyBinding(.up, [.up, .character("k")], "previous loan"),
        KeyBinding(.pageDown, [.pageDown, .character(" "), .control("f"), .control("d")], "a page down"),
        KeyBinding(.pageUp, [.pageUp, .control("b"), .control("u")], "a page up"),
        KeyBinding(.first, [.home, .character("g")], "first loan"),
        KeyBinding(.last, [.end, .character("G")], "last loan"),
    ])

    static let list = KeyGroup(title: "The list: Agenda, All open, Returned", bindings: [
        KeyBinding(.open, [.enter, .right, .character("l")], when: .loan, hint: KeyHint("⏎", "open"), "the loan's detail"),
        KeyBinding(.add, [.character("a")], hint: KeyHint("a", "add"), "add a loan"),
        KeyBinding(.edit, [.character("e")], when: .loan, hint: KeyHint("e", "edit"), "edit the loan under the cursor"),
        KeyBinding(.returnLoan, [.character("r")], when: .openLoan, hint: KeyHint("r", "return"), "return it (asks for the day)"),
        KeyBinding(.renew, [.character("n")], when: .openLoan, hint: KeyHint("n", "renew"), "renew it (asks for the new due date)"),
        KeyBinding(.reopen, [.character("o")], when: .returnedLoan, hint: KeyHint("o", "reopen"), "reopen a returned loan"),
        KeyBinding(.remove, [.character("x")], when: .loan, hint: KeyHint("x", "remove"), "remove it for good (asks first)"),
        KeyBinding(
            .filter, [.character("/")], when: .filterable, hint: KeyHint("/", "filter"),
            "filter by title, counterparty or note (Agenda, All open)"
        ),
        KeyBinding(.nextView, [.tab], hint: KeyHint("Tab", "next view"), "the next view: Agenda, All open, Returned"),
        KeyBinding(.undo, [.character("u")], hint: KeyHint("u", "undo"), "undo your newest change"),
        KeyBinding(.redo, [.control("r")], hint: KeyHint("^R", "redo"), "redo the change you undid last"),
        KeyBinding(.help, [.character("?")], hint: KeyHint("?", "help"), "this help"),
        KeyBinding(.clearFilter, [.escape], when: .filtered, "clear the filter"),
        KeyBinding(.quit, [.character("q"), .escape], hint: KeyHint("q", "quit"), "quit"),
    ])

    static let filter = KeyGroup(title: "Typing a filter (/): the list follows every key", bindings: [
        KeyBinding(.keepFilter, [.enter], hint: KeyHint("⏎", "keep filter"), "keep the filter, back to the list"),
        KeyBinding(.down, [.down], when: .rows, hint: KeyHint("↑↓", "move"), "next loan"),
        KeyBinding(.up, [.up], when: .rows, hint: KeyHint("↑↓", "move"), "previous loan"),
        KeyBinding(.pageDown, [.pageDown], when: .rows, "a page down"),
        KeyBinding(.pageUp, [.pageUp], when: .rows, "a page up"),
        KeyBinding(.clearFilter, [.escape], hint: KeyHint("Esc", "clear filter"), "clear the filter"),
        KeyBinding(.closeFilter, [.backspace], when: .emptyFilter, "on an empty filter: back to the list"),
    ])

    static let detail = KeyGroup(title: "A loan's detail", bindings: [
        KeyBinding(.edit, [.character("e")], hint: KeyHint("e", "edit"), "edit the loan"),
        KeyBinding(.returnLoan, [.character("r")], when: .openLoan, hint: KeyHint("r", "return"), "return it (an open loan)"),
        KeyBinding(.renew, [.character("n")], when: .openLoan, hint: KeyHint("n", "renew"), "renew it (an open loan)"),
        KeyBinding(.reopen, [.character("o")], when: .returnedLoan, hint: KeyHint("o", "reopen"), "reopen it (a returned loan)"),
        KeyBinding(.remove, [.character("x")], hint: KeyHint("x", "remove"), "remove it for good (asks first)"),
        KeyBinding(.down, [.down, .character("j")], when: .scrollable, hint: KeyHint("↑↓", "scroll"), "scroll a line down"),
        KeyBinding(.up, [.up, .character("k")], when: .scrollable, hint: KeyHint("↑↓", "scroll"), "scroll a line up"),
        KeyBinding(.pageDown, [.pageDown, .character(" "), .control("f"), .control("d")], when: .scrollable, "a page down"),
        KeyBinding(.pageUp, [.pageUp, .control("b"), .control("u")], when: .scrollable, "a page up"),
        KeyBinding(.undo, [.character("u")], hint: KeyHint("u", "undo"), "undo your newest change"),
        KeyBinding(.redo, [.control("r")], hint: KeyHint("^R", "redo"), "redo the change you undid last"),
        KeyBinding(.help, [.character("?")], hint: KeyHint("?", "help"), "this help"),
        KeyBinding(.back, [.character("q"), .escape, .left, .character("h")], hint: KeyHint("q", "back"), "back to the list"),
    ])

    static let form = KeyGroup(title: "Forms: add, edit, return, renew", bindings: [
        KeyBinding(.save, [.enter], hint: KeyHint("⏎", "save"), "save"),
        KeyBinding(.cancel, [.escape], hint: KeyHint("Esc", "cancel"), "cancel (asks first when something changed)"),
        KeyBinding(
            .complete, [.tab], when: .suggestion, hint: KeyHint("Tab", "complete name"),
            "in a person field: the name shown beside it (a person kept, a name used)"
        ),
        KeyBinding(.nextField, [.tab, .down], when: .severalFields, hint: KeyHint("Tab/↑↓", "field"), "next field"),
        KeyBinding(.previousField, [.backTab, .up], when: .severalFields, hint: KeyHint("Tab/↑↓", "field"), "previous field"),
    ])

    static let direction = KeyGroup(title: "A form's Direction field", bindings: [
        KeyBinding(.toggleDirection, [.character(" "), .left, .right], hint: KeyHint("Space", "lent/borrowed"), "lent ↔ borrowed"),
        KeyBinding(.lent, [.character("l"), .character("L")], "lent (I gave it)"),
        KeyBinding(.borrowed, [.character("b"), .character("B")], "borrowed (I have it)"),
    ])

    static let discard = KeyGroup(title: "Discard your changes? (Esc on a changed form)", bindings: [
        KeyBinding(.discard, [.character("y"), .character("Y")], hint: KeyHint("y", "discard"), "discard them"),
        KeyBinding(.keepEditing, [.character("n"), .character("N"), .escape], hint: KeyHint("n/Esc", "keep editing"), "keep editing"),
    ])

    static let remove = KeyGroup(title: "Remove for good? (x)", bindings: [
        KeyBinding(.confirmRemove, [.character("y"), .character("Y")], hint: KeyHint("y", "remove"), "remove the loan"),
        KeyBinding(.keep, [.character("n"), .character("N"), .character("q"), .escape], hint: KeyHint("n/Esc", "keep"), "keep it"),
    ])

    static let help = KeyGroup(title: "This help", bindings: [
        KeyBinding(.down, [.down, .character("j")], when: .scrollable, hint: KeyHint("↑↓", "scroll"), "scroll a line down"),
        KeyBinding(.up, [.up, .character("k")], when: .scrollable, hint: KeyHint("↑↓", "scroll"), "scroll a line up"),
        KeyBinding(.pageDown, [.pageDown, .character(" "), .control("f"), .control("d")], when: .scrollable, "a page down"),
        KeyBinding(.pageUp, [.pageUp, .control("b"), .control("u")], when: .scrollable, "a page up"),
        KeyBinding(.back, [.character("q"), .character("?"), .escape, .left, .character("h")], hint: KeyHint("q", "back"), "back"),
    ])

    static let failure = KeyGroup(title: "When the loans cannot be read (tried again \(RetryPause.phrase))", bindings: [
        KeyBinding(.quit, [.character("q"), .escape], hint: KeyHint("q", "quit"), "quit"),
    ])

    static let gone = KeyGroup(title: "A loan that no longer exists", bindings: [
        KeyBinding(.back, [.character("q"), .escape, .left, .character("h")], hint: KeyHint("q", "back"), "back"),
    ])

    static let anywhere = KeyGroup(title: "Anywhere", bindings: [
        KeyBinding(.repaint, [.control("l")], "draw the whole screen again"),
    ])
}

import LoansCore

/// Words what frames every screen: the name of the view or screen at the right of the header,
/// and the footer's key hints — exactly the keys that do something in the current mode, so a
/// key that would type into a field or do nothing is never offered.
package enum ChromePresenter {
    /// `Agenda`, `All open`, `Returned` (with ` · /text` under a filter) for the list; the
    /// screen's own name elsewhere (`Loan #3`, `Add a loan`, `Renew #3`, `Help`…).
    package static func context(_ route: Route, mode: ListMode, filter: String?) -> String {
        switch route {
        case .agenda: filter.map { "\(mode.title) · /\($0)" } ?? mode.title
        case .detail(let id): "Loan #\(id)"
        case .add: "Add a loan"
        case .edit(let id): "Edit #\(id)"
        case .renew(let id): "Renew #\(id)"
        case .returnLoan(let id): "Return #\(id)"
        case .remove(let id): "Remove #\(id)"
        case .help: "Help"
        }
    }

    /// The list's keys: opening and changing need a loan under the cursor; return and renew
    /// need an open one, reopen a returned one; `/` filters the views of open loans; `Tab`
    /// names the view it goes to.
    package static func list(mode: ListMode, selected: LoanStanding?) -> [KeyHint] {
        var hints: [KeyHint] = []
        if selected != nil { hints.append(KeyHint("⏎", "open")) }
        hints.append(KeyHint("a", "add"))
        if let selected {
            hints.append(KeyHint("e", "edit"))
            hints += selected.loan.isOpen ? [KeyHint("r", "return"), KeyHint("n", "renew")] : [KeyHint("o", "reopen")]
            hints.append(KeyHint("x", "remove"))
        }
        if mode.canFilter { hints.append(KeyHint("/", "filter")) }
        return hints + [KeyHint("Tab", mode.next.title.lowercased())] + undoHints + [KeyHint("?", "help"), KeyHint("q", "quit")]
    }

    /// While the filter is typed, letters go into it: only these keys are not text.
    package static func filtering(hasRows: Bool) -> [KeyHint] {
        var hints = [KeyHint("⏎", "keep filter")]
        if hasRows { hints.append(KeyHint("↑↓", "move")) }
        return hints + [KeyHint("Esc", "clear filter")]
    }

    /// The failure screen: only quitting works until the loans can be read.
    package static let failure = [KeyHint("q", "quit")]

    /// Undo and redo of this user's changes, on the list and in a detail.
    static let undoHints = [KeyHint("u", "undo"), KeyHint("^R", "redo")]

    /// A loan's detail: return and renew for an open loan, reopen for a returned one.
    package static func detail(_ loan: Loan, scrollable: Bool) -> [KeyHint] {
        var hints = [KeyHint("e", "edit")]
        hints += loan.isOpen ? [KeyHint("r", "return"), KeyHint("n", "renew")] : [KeyHint("o", "reopen")]
        hints.append(KeyHint("x", "remove"))
        if scrollable { hints.append(KeyHint("↑↓", "scroll")) }
        return hints + undoHints + [KeyHint("?", "help"), KeyHint("q", "back")]
    }

    /// A form; while it asks whether to discard the changes, only the answers.
    package static func form(_ form: LoanForm) -> [KeyHint] {
        if form.askingToDiscard { return [KeyHint("y", "discard"), KeyHint("n/Esc", "keep editing")] }
        var hints = [KeyHint("⏎", "save"), KeyHint("Esc", "cancel")]
        if form.fields.count > 1 { hints.append(KeyHint("Tab/↑↓", "field")) }
        if form.fields[form.focus].isToggle {
            hints.append(KeyHint("Space", "lent/borrowed"))
        } else {
            hints.append(KeyHint("←→", "cursor"))
        }
        return hints
    }

    package static let confirmRemove = [KeyHint("y", "remove"), KeyHint("n/Esc", "keep")]

    package static func help(scrollable: Bool) -> [KeyHint] {
        (scrollable ? [KeyHint("↑↓", "scroll")] : []) + [KeyHint("q", "back")]
    }

    /// A screen about a loan that no longer exists.
    package static let gone = [KeyHint("q", "back")]
}

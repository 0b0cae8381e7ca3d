import LoansCore

/// Words what frames every screen: the name of the view or screen at the right of the header, and
/// the footer's key hints — the key map's, for exactly the keys that work in the current mode, so
/// a key that would type into a field or do nothing is never offered.
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

    /// The footer: the key map's hints for the mode, of the keys that work at the moment.
    package static func hints(_ mode: KeyMode, _ context: KeyContext) -> [KeyHint] {
        KeyMap.footer(mode, context).map(\.hint)
    }
}

import LoansCore

/// Words what frames every screen: the name of the view or screen at the right of the header, and
/// the footer's key hints — the key map's, for exactly the keys that work in the current mode, so
/// a key that would type into a field or do nothing is never offered.
package enum ChromePresenter {
    /// `Agenda`, `All open`, `Returned` (with ` · /text` under a filter) for the list; the
    /// screen's own name elsewhere (`Loan #3`, `Add a loan`, `Renew #3`, `Help`…).
    package static func context(_ route: Route, mode: ListMode, filter: String?) -> String {
        switch route {
        case .agenda: filter.map { "\(mode.title) · /\(shown($0))" } ?? mode.title
        case .detail(let id): "Loan #\(id)"
        case .add: "Add a loan"
        case .edit(let id): "Edit #\(id)"
        case .renew(let id): "Renew #\(id)"
        case .returnLoan(let id): "Return #\(id)"
        case .remove(let id): "Remove #\(id)"
        case .help: "Help"
        }
    }

    /// The header's name of a screen that shows what was read before the store failed: the mark
    /// first, so a narrow header cuts the name, never the mark.
    package static func notCurrent(_ context: String) -> String {
        "not current · \(context)"
    }

    /// The most characters of a filter the header shows: more never fit, and a long filter must
    /// not cost each frame its length.
    static let shownFilter = 100

    /// The start of a long filter, with an ellipsis.
    private static func shown(_ filter: String) -> String {
        guard filter.utf8.count > shownFilter, let end = filter.index(filter.startIndex, offsetBy: shownFilter, limitedBy: filter.endIndex),
              end < filter.endIndex
        else { return filter }
        return filter[..<end] + "…"
    }

    /// Text an entry refused: `the filter holds at most 10000 characters`, and for a paste
    /// `…: the rest of the paste was not taken`. `what` names the entry (`the filter`, `Title`).
    package static func overflow(_ what: String, _ overflow: TextOverflow) -> String {
        "\(what) holds at most \(overflow.capacity) characters" + (overflow.pasted ? ": the rest of the paste was not taken" : "")
    }

    /// The footer: the key map's hints for the mode, of the keys that work at the moment.
    package static func hints(_ mode: KeyMode, _ context: KeyContext) -> [KeyHint] {
        KeyMap.footer(mode, context).map(\.hint)
    }
}

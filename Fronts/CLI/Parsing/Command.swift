import LoansCore

/// A fully checked request: every id, date and name already parsed, so running it can only
/// fail for reasons of data or storage.
enum Command: Equatable {
    /// `loans` alone: the TUI on a terminal, the agenda as text otherwise.
    case home
    case agenda, overdue, dueSoon
    case list(LoanSelection)
    case show(LoanID)
    case add(LoanDraft)
    case edit(LoanID, LoanEdit)
    case renew(LoanID, RenewalTarget)
    case returnLoan(LoanID, on: CivilDate)
    case remove(LoanID)
    case help(topic: String?)
    case widget(WidgetCommand.Options)
    case json(JSONCommand.Options)
    case importDocument(path: String)
    case tui

    /// Whether the command changes loans (and so opens the database for writing).
    var writes: Bool {
        switch self {
        case .add, .edit, .renew, .returnLoan, .remove, .importDocument: true
        default: false
        }
    }
}

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
    case widget(WidgetCommand.Options)
    case json(JSONCommand.Options)
    case importDocument(path: String, ImportCommand.Options)
    case history(LoanID?, limit: Int?)
    case undo(skippingBlocked: Bool)
    case redo
    case reopen(LoanID)
    case remind(RemindCommand.Options)
    case calendar(CalendarCommand.Options)
    case tui
}

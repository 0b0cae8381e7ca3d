import LoansCore

/// What `loans json` is asked for: the agenda (default), one group, or every loan.
package enum JSONQuery: String, CaseIterable, Sendable {
    case agenda
    case overdue
    case dueSoon = "due-soon"
    case all

    /// The loans the document lists.
    var listing: AgendaListing {
        switch self {
        case .agenda: .agenda
        case .overdue: .groups([.overdue])
        case .dueSoon: .groups([.dueSoon])
        case .all: .everyLoan
        }
    }
}

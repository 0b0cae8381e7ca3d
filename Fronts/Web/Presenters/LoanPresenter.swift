import LoansCore
import LoansText

/// A loan's page: every field in the words of `loans show`, its renewals, its history (newest
/// first, on the server's wall clock, each change's author named) and what can be done with it.
struct LoanPage {
    let item: LoanStanding
    /// Label and value, in `loans show`'s order; the due date's line carries the status.
    let fields: [(label: String, value: String)]
    let history: [HistoryLine]
    /// Whether the history has more changes than the page shows.
    let moreHistory: Bool

    var loan: Loan { item.loan }
}

/// One change in a loan's history: when, what, and who when it was not the reader.
struct HistoryLine: Equatable {
    let time: String
    let what: String
    let who: String
}

struct LoanPresenter {
    /// The changes a loan's page lists.
    static let historyLimit = 50

    let policy: DuePolicy
    let wallTime: (UTCTimestamp) -> WallTime

    /// The loan's page, or `.notFound`.
    func page(_ id: LoanID, _ store: any LoanReading) throws -> LoanPage {
        try store.snapshot {
            let item = try LoanLookup(store: store).show(id, policy)
            let entries = try HistoryQuery(store: store).entries(of: id, limit: LoanPresenter.historyLimit + 1)
            let lines = entries.prefix(LoanPresenter.historyLimit).map { entry in
                var what = ChangeWording.what(entry)
                if entry.change.isUndone { what += " (undone)" }
                return HistoryLine(time: wallTime(entry.change.at).description, what: what, who: entry.change.who)
            }
            return LoanPage(item: item, fields: LoanPresenter.fields(item), history: Array(lines), moreHistory: entries.count > LoanPresenter.historyLimit)
        }
    }

    /// The label of the field that names the other party (a link to their page).
    static let counterpartyLabel = "Counterparty"

    /// `loans show`'s fields: title, direction, counterparty, lent and due dates, return, renewals.
    static func fields(_ item: LoanStanding) -> [(label: String, value: String)] {
        let loan = item.loan
        let earlier = loan.previousDueDates.map(\.iso).joined(separator: ", ")
        return [
            ("Title", loan.title),
            ("Direction", loan.direction.rawValue),
            (counterpartyLabel, loan.counterparty),
            (LoanWording.startLabel(loan.direction), loan.lentOn.iso),
            ("Due on", "\(loan.dueOn.iso) (\(RelativeDay.phrase(item)))"),
            ("Returned on", loan.returnedOn.map { "\($0.iso) (\(LoanWording.lateness(loan) ?? ""))" } ?? "not yet"),
            ("Renewals", loan.renewals == 0 ? "0" : "\(loan.renewals) (earlier due dates: \(earlier))"),
        ]
    }
}

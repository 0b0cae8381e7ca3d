import LoansCore
import LoansText

/// One loan's row on a page, in the text front's words and order: `#3`, the title, `lent to
/// Alice`, `3 days overdue` — and its status, which the view shows as a colour beside the words.
struct LoanLine: Equatable {
    let id: LoanID
    let title: String
    /// `lent to ` or `borrowed from `, and the other party's name: `LoanWording.party` in two parts.
    let partyPrefix: String
    let counterparty: String
    let phrase: String
    let status: LoanStatus

    init(_ item: LoanStanding) {
        id = item.loan.id
        title = item.loan.title
        partyPrefix = LoanWording.partyPrefix(item.loan.direction).description
        counterparty = item.loan.counterparty
        phrase = RelativeDay.phrase(item)
        status = item.status
    }
}

/// A group of rows under its heading (`Overdue (3)`), at most a page of them, and where the
/// group goes on when it is longer.
struct LoanGroup: Equatable {
    /// The section's id in the page (`overdue`), for links and labels.
    let anchor: String
    let heading: String
    /// The count beside the heading (`3`, `more than 100`); nil for none.
    let count: String?
    let lines: [LoanLine]
    /// The next page of the group (`/?group=overdue&after=2026-11-20.17`), when there is one.
    let next: String?
    /// What the link to the next page says.
    let nextLabel: String
}

/// A page of loans: its heading, the groups in order (a group without rows is left out), what
/// it says when no group has a row, and a note for the reader.
struct ListPage: Equatable {
    let title: String
    let tab: WebTab
    let groups: [LoanGroup]
    let empty: String
    var note: String?
    /// A page past the first: the link back to its start.
    var start: (href: String, label: String)?
    /// The search text, on the search page.
    var search: String?

    static func == (lhs: ListPage, rhs: ListPage) -> Bool {
        lhs.title == rhs.title && lhs.tab == rhs.tab && lhs.groups == rhs.groups && lhs.empty == rhs.empty
            && lhs.note == rhs.note && lhs.start?.href == rhs.start?.href && lhs.search == rhs.search
    }
}

/// The pages the navigation names.
enum WebTab: Equatable {
    case agenda, open, returned, people, add, search, none
}

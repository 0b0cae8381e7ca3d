import LoansCore
import LoansText

/// One line of a share link's page, worded for the person it was made for: `You borrowed` *The
/// Hobbit* `from` Sam `— due Thu 3 Dec, 2 days overdue` — and the status, which the view shows as
/// a colour beside the words.
struct ShareLine: Equatable {
    /// `You borrowed ` or `You lent `.
    let opening: String
    let title: String
    /// ` from ` or ` to `, before the owner's name.
    let joiner: String
    let due: String
    let status: LoanStatus
}

/// A share link's page: whom the person deals with, their open loans with them in due order (at
/// most `SharePresenter.limit`), and whether more were left out.
struct SharePage: Equatable {
    let owner: String
    let lines: [ShareLine]
    let more: Bool
}

/// Makes a share link's page from what the person may see (`SharedLoansQuery`), in one snapshot.
struct SharePresenter {
    /// The lines a page shows: a page stays a page, however much is out.
    static let limit = 500

    let policy: DuePolicy

    func page(_ query: SharedLoansQuery, _ store: any LoanReading) throws -> SharePage {
        struct Full: Error {}
        var lines: [ShareLine] = []
        var more = false
        try store.snapshot {
            do {
                try query.walk { loan in
                    guard lines.count < SharePresenter.limit else { throw Full() }
                    lines.append(line(policy.standing(of: loan)))
                }
            } catch is Full {
                more = true
            }
        }
        return SharePage(owner: query.owner, lines: lines, more: more)
    }

    /// A loan as the person sees it (the direction theirs), worded.
    func line(_ item: LoanStanding) -> ShareLine {
        let theyBorrowed = item.loan.direction == .borrowed
        return ShareLine(
            opening: theyBorrowed ? "You borrowed " : "You lent ", title: item.loan.title, joiner: theyBorrowed ? " from " : " to ",
            due: DayWording.due(item, today: policy.today), status: item.status
        )
    }
}

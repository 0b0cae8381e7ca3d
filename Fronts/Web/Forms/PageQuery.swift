import LoansCore

/// The query string of a page or a document, read once and checked: which group a page goes on
/// with and the key it resumes after (`?group=overdue&after=2026-11-20.17`), the search text
/// (`?q=`), the due-soon window (`?window=N`), NDJSON (`?ndjson=1`) and a history's loan
/// (`?loan=ID`). A value that is not one of these shapes is refused with what was wrong; an
/// argument it does not know is ignored (a link may carry one for another page).
package struct PageQuery: Equatable, Sendable {
    /// The group a page continues, with the key it resumes after.
    package var group: DueGroup?
    package var after: DueOrderKey?
    /// Where the returned loans resume (on `/returned`).
    package var returnedAfter: ReturnOrderKey?
    package var search: String?
    package var window: DueWindow?
    package var ndjson = false
    package var loan: LoanID?

    /// The longest search text taken (the longest title or name a loan can have).
    package static let searchLimit = LoanRules.nameLimit

    package struct Refusal: Error, Equatable, Sendable {
        package let message: String
    }

    package init() {}

    package init(_ arguments: [WebField]) throws(Refusal) {
        var seen: Set<String> = []
        for argument in arguments where seen.insert(argument.name).inserted {
            let value = argument.value
            switch argument.name {
            case "group":
                guard let group = PageQuery.group(named: value) else {
                    throw Refusal(message: "group: \(Quoted(value)) is not a group (use overdue, due-soon or later)")
                }
                self.group = group
            case "after":
                guard let key = PageQuery.key(value) else {
                    throw Refusal(message: "after: \(Quoted(value)) is not a place in a list (YYYY-MM-DD.ID)")
                }
                after = DueOrderKey(dueOn: key.date, id: key.id)
                returnedAfter = ReturnOrderKey(returnedOn: key.date, id: key.id)
            case "q":
                guard LoanRules.fits(value, PageQuery.searchLimit) else {
                    throw Refusal(message: "q: the search text is longer than \(PageQuery.searchLimit) characters")
                }
                search = value
            case "window":
                guard let window = DueWindow(parsing: value) else {
                    throw Refusal(message: "window: \(Quoted(value)) is not a number of days from 0 to \(DueWindow.maximumDays)")
                }
                self.window = window
            case "ndjson":
                guard value == "1" || value == "0" else { throw Refusal(message: "ndjson: \(Quoted(value)) is neither 1 nor 0") }
                ndjson = value == "1"
            case "loan":
                guard let id = WebRouter.loanID(value) else { throw Refusal(message: "loan: \(Quoted(value)) is not a loan id (a positive whole number)") }
                loan = id
            default:
                continue
            }
        }
        if after != nil, group == nil { group = .overdue }
    }

    /// A group as a page's query names it.
    static func group(named name: String) -> DueGroup? {
        switch name {
        case "overdue": .overdue
        case "due-soon": .dueSoon
        case "later": .later
        default: nil
        }
    }

    /// The name of a group in a page's query.
    static func name(of group: DueGroup) -> String {
        switch group {
        case .overdue: "overdue"
        case .dueSoon: "due-soon"
        case .later: "later"
        }
    }

    /// The text of a key: `2026-11-20.17` (a loan's due or return date and its id).
    package static func text(_ date: CivilDate, _ id: LoanID) -> String {
        "\(date.iso).\(id.rawValue)"
    }

    /// Reads `YYYY-MM-DD.ID`.
    package static func key(_ text: String) -> (date: CivilDate, id: LoanID)? {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, bytes.count <= 27, bytes[10] == UInt8(ascii: "."),
              let date = CivilDate(iso: String(decoding: bytes[..<10], as: UTF8.self)),
              let id = WebRouter.loanID(String(decoding: bytes[11...], as: UTF8.self))
        else { return nil }
        return (date, id)
    }
}

import LoansCore

/// One person's row on `/people`: the name, their open loans, the address (nil: none), since when
/// their share link exists, and when they were last e-mailed a reminder (only for someone with an
/// address: mail goes nowhere else).
struct PersonLine: Equatable {
    let name: String
    let openLoans: Int
    let email: String?
    /// When their share link was made, on the server's wall clock; nil without one.
    let sharedSince: String?
    /// When anything was last reminded to their address; nil when never (or without one).
    let reminded: String?
}

/// A page of `/people`: a page of everyone in the order of their names as compared, where the
/// list goes on, and whether this is a page past the first.
struct PeoplePage: Equatable {
    let lines: [PersonLine]
    /// `/people?after=NAME` (the last name shown), when more people follow.
    let next: String?
    let isFirst: Bool
}

/// Makes the pages of people from Core's use cases: everyone (`PeopleQuery.everyone`, one entry per
/// person, never the loans), their share links (`ShareLinks`), and the reminders' ledger's last
/// reminder to each address shown, read in the snapshot of the people. A page shows at most
/// `pageSize` people and links to the next by the last name shown (`?after=NAME`), as a list of
/// loans links to its next page by key.
struct PeoplePresenter {
    static let pageSize = 100

    let wallTime: (UTCTimestamp) -> WallTime

    /// The people after `after` (a name, compared as names are), a page of them.
    func page(_ store: any PooledReader, links: [ShareLink], after: String?) throws -> PeoplePage {
        let everyone = try PeopleQuery(store: store).everyone()
        let start = after.map { name in everyone.firstIndex { PersonKey(name) < $0.key } ?? everyone.endIndex } ?? everyone.startIndex
        let shown = everyone[start...].prefix(PeoplePresenter.pageSize)
        let reminded = try self.reminded(shown, store)
        let made = Dictionary(links.map { (PersonKey($0.name), $0.createdAt) }) { first, _ in first }
        let lines = shown.map { person in
            PersonLine(
                name: person.name, openLoans: person.openLoans, email: person.email?.text, sharedSince: made[person.key].map(moment),
                reminded: person.email.flatMap { reminded[.address($0.text)] }.map { wallTime($0).description }
            )
        }
        let more = start + shown.count < everyone.endIndex
        let next = more ? shown.last.map { "/people?after=" + PercentEncoding.encoded($0.name) } : nil
        return PeoplePage(lines: lines, next: next, isFirst: after == nil)
    }

    /// When anything was last reminded to the address of each of `people` who has one.
    func reminded(_ people: some Sequence<PersonStanding>, _ store: any PooledReader) throws -> [ReminderRecipient: UTCTimestamp] {
        try store.lastReminded(to: people.compactMap { $0.email.map { .address($0.text) } })
    }

    /// An instant the store keeps as seconds since 1970, on the server's wall clock.
    func moment(_ seconds: Int64) -> String {
        UTCTimestamp(secondsSinceEpoch: seconds).map { wallTime($0).description } ?? "-"
    }
}

/// Where a person's page is: `/people/NAME`, the name percent-encoded as one segment of the path
/// (a slash in a name stays in it).
enum PersonPath {
    static func page(_ name: String) -> String {
        "/people/" + PercentEncoding.encoded(name)
    }
}

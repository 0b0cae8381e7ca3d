import LoansCore

/// A person's page: who they are (`loans person NAME`'s fields), their share link and when they were
/// last e-mailed a reminder, their open loans both ways a page at a time, and — on the first page —
/// their newest returns, with a word on how many there are.
struct PersonPage {
    let person: PersonStanding
    /// Label and value, in the order of `loans person`'s fields, then the share link's and the
    /// last reminder's.
    let fields: [(label: String, value: String)]
    let open: LoanGroup
    /// Their newest returns (the first page only, and only when they have any).
    let returned: LoanGroup?
    /// Said under the returns when not all of them are shown.
    let returnedNote: String?
    let isFirst: Bool
}

/// Makes a person's page from Core's use cases in one snapshot: the person by any spelling of the
/// name (`PeopleQuery.find`), what is between you (`PersonLoansQuery`), the reminders' ledger's
/// last reminder to their address; their share link comes from the links' store.
struct PersonPresenter {
    /// The returns a page shows, newest first.
    static let returnedLimit = 20
    /// How many of the store's newest returns are looked through for theirs: returns are found by
    /// no index of people, and this keeps a page's cost flat whatever the history holds.
    static let returnScan = 20_000

    let policy: DuePolicy
    let wallTime: (UTCTimestamp) -> WallTime

    /// The page of the person `name` names, their open loans after `after`; nil when neither a
    /// contact nor a loan names them.
    func page(_ name: String, _ store: any PooledReader, links: [ShareLink], after: DueOrderKey?) throws -> PersonPage? {
        try store.snapshot {
            guard let person = try PeopleQuery(store: store).find(name) else { return nil }
            let loans = PersonLoansQuery(store: store, person: person.name)
            let path = PersonPath.page(person.name)
            var lines: [LoanLine] = []
            var last: Loan?
            var more = false
            try loans.open(beyond: after, limit: ListPresenter.pageSize + 1) { loan in
                guard lines.count < ListPresenter.pageSize else { return more = true }
                lines.append(LoanLine(policy.standing(of: loan)))
                last = loan
            }
            let open = LoanGroup(
                anchor: "open", heading: "Open loans", count: String(person.openLoans), lines: lines,
                next: more ? last.map { path + "?after=" + PageQuery.text($0.dueOn, $0.id) } : nil,
                nextLabel: "The next \(ListPresenter.pageSize) open loans"
            )
            let (returned, note) = after == nil ? try self.returned(person, loans) : (nil, nil)
            return PersonPage(
                person: person, fields: try fields(person, store, links: links), open: open, returned: returned, returnedNote: note,
                isFirst: after == nil
            )
        }
    }

    /// `loans person`'s fields, the share link's state and, for someone with an address, the last
    /// reminder mailed there.
    private func fields(_ person: PersonStanding, _ store: any PooledReader, links: [ShareLink]) throws -> [(label: String, value: String)] {
        let link = links.first { PersonKey($0.name) == person.key }
        var fields = [
            ("E-mail", person.email?.text ?? "none"),
            ("Contact", person.isContact ? "kept" : "none (only named by loans)"),
            ("Open loans", "\(person.openLoans) (\(person.loans) in all)"),
            ("Share link", link.map { "made " + PeoplePresenter(wallTime: wallTime).moment($0.createdAt) } ?? "none"),
        ]
        if let email = person.email {
            let last = try PeoplePresenter(wallTime: wallTime).reminded([person], store)[.address(email.text)]
            fields.append(("Last reminded", last.map { wallTime($0).description + " (by e-mail)" } ?? "never"))
        }
        return fields
    }

    /// Their newest returns, and what to say when some are not shown.
    private func returned(_ person: PersonStanding, _ loans: PersonLoansQuery) throws -> (LoanGroup?, String?) {
        let count = person.loans - person.openLoans
        guard count > 0 else { return (nil, nil) }
        var lines: [LoanLine] = []
        let complete = try loans.returned(limit: PersonPresenter.returnedLimit, scanning: PersonPresenter.returnScan) { loan in
            lines.append(LoanLine(policy.standing(of: loan)))
        }
        var note: String?
        if lines.count < count {
            note = complete
                ? "The newest \(lines.count) of their \(count) returned loans."
                : "Only the newest \(PersonPresenter.returnScan) returns of all loans were looked through: \(count - lines.count) older returns with them are not shown."
        }
        let group = LoanGroup(anchor: "returned", heading: "Returned", count: String(count), lines: lines, next: nil, nextLabel: "")
        return (group, note)
    }
}

import LoansCore

/// Makes the pages of loans from Core's use cases, read in one snapshot: the agenda (overdue,
/// then due soon, as the text front words and orders them), every open loan, the returned loans
/// (newest return first) and a search. A group shows at most `pageSize` rows and links to the
/// next page by key, so a page costs the same at 10 loans and at a million.
struct ListPresenter {
    static let pageSize = 100

    let policy: DuePolicy

    /// `/`: overdue, then due soon — or, with `?group=…&after=…`, the next page of one of them.
    func agenda(_ store: any LoanReading, _ query: PageQuery) throws -> ListPage {
        let agenda = AgendaQuery(store: store)
        return try agenda.snapshot {
            let summary = try agenda.summary(policy)
            let counts: [DueGroup: Int] = [.overdue: summary.overdueCount, .dueSoon: summary.dueSoonCount]
            if let group = query.group, group != .later {
                return ListPage(
                    title: "Agenda", tab: .agenda,
                    groups: [try page(of: group, agenda, count: counts[group], after: query.after, path: "/")],
                    empty: "No more loans here.", start: ("/", "Back to the start of the agenda")
                )
            }
            let groups = try AgendaQuery.agendaGroups.map { try page(of: $0, agenda, count: counts[$0], after: nil, path: "/") }
            return ListPage(title: "Agenda", tab: .agenda, groups: groups.filter { !$0.lines.isEmpty }, empty: "No loans overdue or due soon.")
        }
    }

    /// `/all`: every open loan — overdue, due soon, then later.
    func openLoans(_ store: any LoanReading, _ query: PageQuery) throws -> ListPage {
        let agenda = AgendaQuery(store: store)
        return try agenda.snapshot {
            let groups = query.group.map { [$0] } ?? AgendaQuery.allOpenGroups
            let pages = try groups.map { group in
                try page(of: group, agenda, count: try agenda.group(group).count(policy), after: query.group == nil ? nil : query.after, path: "/all")
            }
            var list = ListPage(title: "Open loans", tab: .open, groups: pages.filter { !$0.lines.isEmpty }, empty: "No open loans.")
            if query.group != nil {
                list = ListPage(title: "Open loans", tab: .open, groups: pages, empty: "No more loans here.", start: ("/all", "Back to the start of the open loans"))
            }
            return list
        }
    }

    /// `/returned`: the returned loans, newest return first.
    func returned(_ store: any LoanReading, _ query: PageQuery) throws -> ListPage {
        let returned = ReturnedQuery(store: store)
        return try store.snapshot {
            var lines: [LoanLine] = []
            var last: Loan?
            var more = false
            try returned.page(beyond: query.returnedAfter, newestFirst: true, limit: ListPresenter.pageSize + 1) { loan in
                guard lines.count < ListPresenter.pageSize else { return more = true }
                lines.append(LoanLine(policy.standing(of: loan)))
                last = loan
            }
            let next = more ? last.flatMap { loan in loan.returnedOn.map { "/returned?after=" + PageQuery.text($0, loan.id) } } : nil
            var count: String?
            if query.returnedAfter == nil {
                let total = try returned.count(cap: ListPresenter.pageSize)
                count = total > ListPresenter.pageSize ? "more than \(ListPresenter.pageSize)" : String(total)
            }
            let group = LoanGroup(
                anchor: "returned", heading: "Returned", count: count, lines: lines, next: next,
                nextLabel: "The next \(ListPresenter.pageSize) returned loans"
            )
            var list = ListPage(title: "Returned loans", tab: .returned, groups: lines.isEmpty ? [] : [group], empty: "No returned loans.")
            if query.returnedAfter != nil {
                list = ListPage(title: "Returned loans", tab: .returned, groups: [group], empty: "No more loans here.", start: ("/returned", "Back to the newest returns"))
            }
            return list
        }
    }

    /// `/search?q=TEXT`: the open loans whose title, counterparty or note contains the text
    /// (Core's search: a text of three characters or more from the store's index), by group.
    func search(_ store: any LoanReading, _ query: PageQuery) throws -> ListPage {
        let text = query.search ?? ""
        guard text.contains(where: { !$0.isWhitespace }) else {
            var list = ListPage(title: "Search", tab: .search, groups: [], empty: "Type a word from a title, a name or a note.")
            list.search = text
            return list
        }
        let agenda = AgendaQuery(store: store)
        return try agenda.snapshot {
            var stopped = false
            let groups = query.group.map { [$0] } ?? AgendaQuery.allOpenGroups
            let pages = try groups.map { group -> LoanGroup in
                let found = try page(of: group, agenda, count: nil, after: query.group == nil ? nil : query.after, path: "/search", matching: text) { reach in
                    if case .stoppedAtBound = reach { stopped = true }
                }
                return found
            }
            var list = ListPage(title: "Search", tab: .search, groups: pages.filter { !$0.lines.isEmpty }, empty: "No open loans match.")
            list.search = text
            if query.group != nil {
                list.start = ("/search?q=" + PercentEncoding.encoded(text), "Back to the first matches")
            }
            if stopped {
                list.note = "A text shorter than \(SearchText.indexedLength) characters is looked for among the first \(SearchText(text).walkBound) loans of each group only; \(SearchText.indexedLength) or more search them all."
            }
            return list
        }
    }

    /// One page of a group: its first rows (or those after `after`), the count beside its
    /// heading, and the link to its next page.
    private func page(
        of group: DueGroup, _ agenda: AgendaQuery, count: Int?, after: DueOrderKey?, path: String, matching text: String? = nil,
        reach: (SearchReach) -> Void = { _ in }
    ) throws -> LoanGroup {
        var lines: [LoanLine] = []
        var last: LoanStanding?
        var more = false
        let found = try agenda.group(group).page(policy, matching: text, beyond: after, descending: false, limit: ListPresenter.pageSize + 1) { item in
            guard lines.count < ListPresenter.pageSize else { return more = true }  // the row past the page: there is more
            lines.append(LoanLine(item))
            last = item
        }
        reach(found)
        var next: String?
        if more, let last {
            next = path + "?" + (text.map { "q=" + PercentEncoding.encoded($0) + "&" } ?? "")
                + "group=\(PageQuery.name(of: group))&after=" + PageQuery.text(last.loan.dueOn, last.loan.id)
        }
        let (anchor, heading) = ListPresenter.heading(group)
        return LoanGroup(
            anchor: anchor, heading: heading, count: count.map(String.init), lines: lines, next: next,
            nextLabel: "The next \(ListPresenter.pageSize) \(heading.lowercased()) loans"
        )
    }

    /// A group's id and heading: the text front's `OVERDUE`, `DUE SOON`, in a page's letter case.
    static func heading(_ group: DueGroup) -> (anchor: String, heading: String) {
        switch group {
        case .overdue: ("overdue", "Overdue")
        case .dueSoon: ("due-soon", "Due soon")
        case .later: ("later", "Due later")
        }
    }
}

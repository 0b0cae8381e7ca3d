import LoansCore
import LoansTestSupport
import Testing

@Suite struct QueryTests {
    let today = CivilDate.on("2026-11-29")

    func seeded(_ dues: [Int], returned: Set<Int> = []) throws -> MemoryStore {
        let store = MemoryStore()
        for (index, offset) in dues.enumerated() {
            let id = try AddLoan(store: store).run(LoanDraft(
                title: "Loan \(index + 1)", direction: index.isMultiple(of: 2) ? .lent : .borrowed,
                counterparty: "Someone", lentOn: today.adding(days: -200)!, dueOn: today.adding(days: offset)!
            ))
            if returned.contains(index + 1) { _ = try ReturnLoan(store: store).run(id, on: today, today: today) }
        }
        return store
    }

    var policy: DuePolicy { DuePolicy(today: today, window: .standard) }

    @Test func overdueIsEarliestDueFirstThenID() throws {
        let store = try seeded([-1, -5, -5, 0, -2, 3], returned: [5])
        let overdue = try DueGroupQuery(.overdue, store: store).loans(policy)
        #expect(overdue.map(\.id.rawValue) == [2, 3, 1])
        #expect(overdue.map(\.daysOverdue) == [5, 5, 1])
        #expect(try DueGroupQuery(.overdue, store: store).count(policy) == 3)
    }

    @Test func dueSoonIsFewestDaysFirstThenID() throws {
        let store = try seeded([7, 0, 3, 8, 0, -1, 7])
        let soon = try DueGroupQuery(.dueSoon, store: store).loans(policy)
        #expect(soon.map(\.id.rawValue) == [2, 5, 3, 1, 7])
        #expect(soon.map(\.daysUntilDue) == [0, 0, 3, 7, 7])
        #expect(try DueGroupQuery(.dueSoon, store: store).count(policy) == 5)
    }

    @Test func agendaHoldsBothGroupsWithoutOverlap() throws {
        let store = try seeded([-3, 0, 2, 9, -1], returned: [2])
        let agenda = try AgendaQuery(store: store).agenda(policy)
        #expect(agenda.overdue.map(\.id.rawValue) == [1, 5])
        #expect(agenda.dueSoon.map(\.id.rawValue) == [3])
        #expect(agenda.policy.today == today)
        #expect(Set(agenda.overdue.map(\.id)).isDisjoint(with: agenda.dueSoon.map(\.id)))
        #expect(store.fullScans == 0)
    }

    @Test func summaryCountsAndNamesTheMostUrgent() throws {
        let store = try seeded([2, -1, -4, 5, 30])
        let summary = try AgendaQuery(store: store).summary(policy)
        #expect(summary.overdueCount == 2)
        #expect(summary.dueSoonCount == 2)
        #expect(summary.mostUrgent?.id == LoanID(3))

        let calm = try seeded([4, 1, 30])
        #expect(try AgendaQuery(store: calm).summary(policy).mostUrgent?.id == LoanID(2))
        let empty = try AgendaQuery(store: seeded([30])).summary(policy)
        #expect(empty.mostUrgent == nil && empty.overdueCount == 0 && empty.dueSoonCount == 0)
    }

    @Test func aSummaryListsTheAgendasFirstLoansInItsOrder() throws {
        let store = try seeded([2, -1, -4, 5, 30, 0, -4])
        let query = AgendaQuery(store: store)
        #expect(try query.summary(policy, leading: 4).leading.map(\.id.rawValue) == [3, 7, 2, 6], "overdue, then due soon")
        #expect(try query.summary(policy, leading: 20).leading.map(\.id.rawValue) == [3, 7, 2, 6, 1, 4], "never a loan due later")
        let two = try query.summary(policy, leading: 2)
        #expect(two.leading.map(\.id.rawValue) == [3, 7] && two.unlisted == 4 && two.mostUrgent?.id == LoanID(3))
        #expect(try query.summary(policy, leading: 0).leading.isEmpty)
        #expect(try query.summary(policy).leading.map(\.id.rawValue) == [3], "the most urgent alone by default")
        let calm = try AgendaQuery(store: seeded([4, 1, 30])).summary(policy, leading: 20)
        #expect(calm.leading.map(\.id.rawValue) == [2, 1] && calm.unlisted == 0)
    }

    @Test func theDayRollingOverMovesLoansBetweenGroups() throws {
        let store = try seeded([0, 7, 8])
        let tomorrow = DuePolicy(today: today.adding(days: 1)!, window: .standard)
        #expect(try DueGroupQuery(.overdue, store: store).loans(tomorrow).map(\.id.rawValue) == [1])
        #expect(try DueGroupQuery(.dueSoon, store: store).loans(tomorrow).map(\.id.rawValue) == [2, 3])
    }

    @Test func pagingResumesAfterAKey() throws {
        let store = try seeded([-9, -8, -7, -6])
        let query = DueGroupQuery(.overdue, store: store)
        let first = try query.loans(policy, limit: 2)
        var rest: [Int64] = []
        try query.forEach(policy, after: DueOrderKey(dueOn: first[1].loan.dueOn, id: first[1].id)) { rest.append($0.id.rawValue) }
        #expect(first.map(\.id.rawValue) == [1, 2])
        #expect(rest == [3, 4])
    }
}

@Suite struct GroupPagingTests {
    let today = CivilDate.on("2026-11-29")
    var policy: DuePolicy { DuePolicy(today: today, window: .standard) }

    func store(_ dues: [Int], titles: [String] = []) throws -> MemoryStore {
        let store = MemoryStore()
        for (index, offset) in dues.enumerated() {
            _ = try store.add(LoanDraft(
                title: index < titles.count ? titles[index] : "Loan \(index + 1)", direction: .lent, counterparty: "Someone",
                lentOn: today.adding(days: -200)!, dueOn: today.adding(days: offset)!
            ))
        }
        return store
    }

    func ids(_ query: DueGroupQuery, text: String? = nil, beyond: DueOrderKey? = nil, descending: Bool = false, limit: Int? = nil) throws -> [Int64] {
        var ids: [Int64] = []
        try query.page(policy, matching: text, beyond: beyond, descending: descending, limit: limit) { ids.append($0.id.rawValue) }
        return ids
    }

    @Test func laterHoldsOpenLoansBeyondTheWindow() throws {
        let store = try store([8, 7, 30, -1, 8])
        let later = DueGroupQuery(.later, store: store)
        #expect(try ids(later) == [1, 5, 3])
        #expect(try later.count(policy) == 3)
        #expect(DuePolicy(today: .latest, window: .standard).laterRange == nil)
    }

    @Test func pagesRunBothWaysFromAKeyAndFilterByText() throws {
        let store = try store([-5, -4, -3, -2, -1], titles: ["Dune", "Atlas", "dune messiah", "Emma", "DUNE"])
        let overdue = DueGroupQuery(.overdue, store: store)
        let key = DueOrderKey(dueOn: today.adding(days: -3)!, id: LoanID(3))
        #expect(try ids(overdue, beyond: key) == [4, 5])
        #expect(try ids(overdue, beyond: key, descending: true) == [2, 1])
        #expect(try ids(overdue, descending: true, limit: 2) == [5, 4])
        #expect(try ids(overdue, text: "dune") == [1, 3, 5])
        #expect(try overdue.count(policy, matching: "dune", cap: 1) == 2)
        #expect(try overdue.count(policy, matching: "zzz", cap: 10) == 0)
    }
}

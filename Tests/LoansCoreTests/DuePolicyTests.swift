import LoansCore
import Testing

@Suite struct DuePolicyTests {
    let today = CivilDate(iso: "2026-11-29")!

    func loan(due offset: Int, returned: Bool = false) -> Loan {
        Loan(
            id: LoanID(1), title: "Book", direction: .borrowed, counterparty: "Library",
            lentOn: today.adding(days: -100)!, dueOn: today.adding(days: offset)!,
            returnedOn: returned ? today : nil
        )
    }

    @Test func boundariesOfTheDefaultWindow() {
        let policy = DuePolicy(today: today, window: .standard)
        let cases: [(Int, LoanStatus, Int)] = [
            (-30, .overdue, -30), (-1, .overdue, -1), (0, .dueSoon, 0), (1, .dueSoon, 1), (7, .dueSoon, 7), (8, .open, 8),
        ]
        for (offset, status, days) in cases {
            let standing = policy.standing(of: loan(due: offset))
            #expect(standing.status == status, "due \(offset)")
            #expect(standing.daysUntilDue == days)
        }
        #expect(policy.standing(of: loan(due: -2)).daysOverdue == 2)
        #expect(policy.standing(of: loan(due: 0)).daysOverdue == nil)
    }

    @Test func windowZeroMeansDueTodayOnly() throws {
        let policy = DuePolicy(today: today, window: try #require(DueWindow(days: 0)))
        #expect(policy.status(of: loan(due: 0)) == .dueSoon)
        #expect(policy.status(of: loan(due: 1)) == .open)
        #expect(policy.status(of: loan(due: -1)) == .overdue)
    }

    @Test func returnedLoansAreNeitherOverdueNorDueSoon() {
        let policy = DuePolicy(today: today, window: .standard)
        let standing = policy.standing(of: loan(due: -3, returned: true))
        #expect(standing.status == .returned)
        #expect(standing.daysUntilDue == nil)
        #expect(standing.daysOverdue == nil)
    }

    @Test func rangesAtTheEdgesOfTheCalendar() throws {
        #expect(DuePolicy(today: .earliest, window: .standard).overdueRange == nil)
        let last = DuePolicy(today: .latest, window: try #require(DueWindow(days: 36_500)))
        #expect(last.dueSoonRange == DueRange(from: .latest, through: .latest))
        #expect(last.overdueRange?.through.iso == "9999-12-30")
    }

    @Test(arguments: [("7", 7), ("0", 0), ("36500", 36_500), ("007", 7)])
    func windowsAsTyped(_ text: String, _ days: Int) {
        #expect(DueWindow(parsing: text)?.days == days)
    }

    @Test(arguments: ["36501", "-1", "", "seven", "+7", "7 ", "99999999999999999999999", "1e3"])
    func windowsRefused(_ text: String) {
        #expect(DueWindow(parsing: text) == nil)
    }
}

import LoansCore
import LoansTestSupport
import LoansText
import Testing

/// A due day in a sentence, as a share link's page says it.
@Suite struct DayWordingTests {
    @Test func aDueDayAndWhereItStands() {
        let today = CivilDate(iso: "2026-11-29")!
        func due(_ iso: String) -> String {
            let date = CivilDate(iso: iso)!
            let loan = Loan(id: LoanID(1), title: "T", direction: .lent, counterparty: "P", lentOn: CivilDate(iso: "2026-01-01")!, dueOn: date)
            return DayWording.due(DuePolicy(today: today, window: .standard).standing(of: loan), today: today)
        }
        #expect(due("2026-11-26") == "due Thu 26 Nov, 3 days overdue")
        #expect(due("2026-11-28") == "due Sat 28 Nov, 1 day overdue")
        #expect(due("2026-11-29") == "due today, Sun 29 Nov")
        #expect(due("2026-11-30") == "due tomorrow, Mon 30 Nov")
        #expect(due("2026-12-03") == "due Thu 3 Dec, in 4 days")
        #expect(due("2027-01-08") == "due Fri 8 Jan 2027, in 40 days", "another year is named")
    }
}

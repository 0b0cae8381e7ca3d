import LoansCore
import LoansText
import Testing

@Suite struct TextReportTests {
    let today = CivilDate(iso: "2026-11-29")!

    func item(_ id: Int64, _ title: String, due: Int, direction: Direction = .lent, party: String = "Alice") -> LoanStanding {
        DuePolicy(today: today, window: .standard).standing(of: Loan(
            id: LoanID(id), title: title, direction: direction, counterparty: party,
            lentOn: today.adding(days: -60)!, dueOn: today.adding(days: due)!
        ))
    }

    @Test func agendaLinesUpColumnsAcrossSections() {
        let agenda = TextPresenter.agenda(Agenda(
            policy: DuePolicy(today: today, window: .standard),
            overdue: [item(4, "The Hobbit", due: -2), item(12, "日本語", due: -1, party: "Bob")],
            dueSoon: [item(7, "Dune", due: 0, direction: .borrowed, party: "Library")]
        ))
        #expect(agenda.lines() == [
            "OVERDUE (2)",
            "  #4   The Hobbit  lent to Alice          2 days overdue",
            "  #12  日本語      lent to Bob            1 day overdue",
            "DUE SOON (1)",
            "  #7   Dune        borrowed from Library  due today",
        ])
    }

    @Test func emptyAnswersSaySo() {
        let empty = Agenda(policy: DuePolicy(today: today, window: .standard), overdue: [], dueSoon: [])
        #expect(TextPresenter.agenda(empty).lines() == ["No loans overdue or due soon."])
        #expect(TextPresenter.overdue([]).lines() == ["No loans overdue."])
        #expect(TextPresenter.dueSoon([]).lines() == ["No loans due soon."])
        #expect(TextPresenter.list([], .returned).lines() == ["No returned loans."])
    }

    @Test func dataNeverReachesTheTerminalRaw() {
        let hostile = item(1, "a\u{1B}]0;owned\u{07}b\nc", due: 0, party: "\u{1B}[2J")
        let lines = TextPresenter.dueSoon([hostile]).lines() + LoanDetailText.lines(hostile)
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    @Test func longTitlesAreShortenedInColumns() {
        let lines = TextPresenter.overdue([item(1, String(repeating: "x", count: 60), due: -1)]).lines()
        #expect(lines[1].contains(String(repeating: "x", count: 39) + "…"))
    }

    @Test func detailShowsEveryField() {
        var loan = item(3, "Dune", due: 0, direction: .borrowed, party: "Library").loan
        loan.previousDueDates = [today.adding(days: -7)!]
        loan.note = "first\nsecond"
        let lines = LoanDetailText.lines(DuePolicy(today: today, window: .standard).standing(of: loan))
        #expect(lines == [
            "Loan #3",
            "Title:         Dune",
            "Direction:     borrowed",
            "Counterparty:  Library",
            "Borrowed on:   2026-09-30",
            "Due on:        2026-11-29 (due today)",
            "Returned on:   not yet",
            "Renewals:      1 (earlier due dates: 2026-11-22)",
            "Note:          first",
            "               second",
        ])
    }
}

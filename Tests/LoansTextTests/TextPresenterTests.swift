import LoansCore
import LoansTestSupport
import LoansText
import Testing

/// The text answers as the presenter streams them from a store: columns, headings, empty answers,
/// hostile data, shortened cells and colours.
@Suite struct TextPresenterTests {
    let today = CivilDate(iso: "2026-11-29")!
    var policy: DuePolicy { DuePolicy(today: today, window: .standard) }

    func loan(_ id: Int64, _ title: String, due: Int, direction: Direction = .lent, party: String = "Alice", returned: Int? = nil) -> Loan {
        Loan(
            id: LoanID(id), title: title, direction: direction, counterparty: party,
            lentOn: today.adding(days: -60)!, dueOn: today.adding(days: due)!, returnedOn: returned.flatMap { today.adding(days: $0) }
        )
    }

    /// The lines a presenter streams for the store's loans.
    func lines(_ loans: [Loan], colour: Bool = false, _ present: (TextPresenter, any LoanReading, inout TextTableWriter) throws -> Void) throws -> [String] {
        let sink = CapturedBytes()
        var view = TextTableWriter(colour: colour, into: sink)
        try present(TextPresenter(policy: policy), MemoryStore(loans: loans), &view)
        return sink.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func agendaLinesUpColumnsAcrossSections() throws {
        let loans = [loan(4, "The Hobbit", due: -2), loan(12, "日本語", due: -1, party: "Bob"), loan(7, "Dune", due: 0, direction: .borrowed, party: "Library")]
        #expect(try lines(loans) { try $0.agenda(AgendaQuery(store: $1), to: &$2) } == [
            "OVERDUE (2)",
            "  #4   The Hobbit  lent to Alice          2 days overdue",
            "  #12  日本語      lent to Bob            1 day overdue",
            "DUE SOON (1)",
            "  #7   Dune        borrowed from Library  due today",
        ])
        #expect(try lines(loans) { _ = try $0.list(LoanLookup(store: $1), .all, to: &$2) } == [
            "#4   The Hobbit  lent to Alice          due 2026-11-27  2 days overdue",
            "#7   Dune        borrowed from Library  due 2026-11-29  due today",
            "#12  日本語      lent to Bob            due 2026-11-28  1 day overdue",
        ])
    }

    @Test func emptyAnswersSaySo() throws {
        let later = [loan(1, "Later", due: 30), loan(2, "Back", due: -3, returned: -1)]
        #expect(try lines(later) { try $0.agenda(AgendaQuery(store: $1), to: &$2) } == ["No loans overdue or due soon."])
        #expect(try lines(later) { try $0.overdue(AgendaQuery(store: $1), to: &$2) } == ["No loans overdue."])
        #expect(try lines(later) { try $0.dueSoon(AgendaQuery(store: $1), to: &$2) } == ["No loans due soon."])
        #expect(try lines([]) { _ = try $0.list(LoanLookup(store: $1), .returned, to: &$2) } == ["No returned loans."])
        #expect(try lines(later) { _ = try $0.list(LoanLookup(store: $1), .open, matching: LoanFilter(search: "zebra"), to: &$2) } == ["No open loans match."])
    }

    @Test func dataNeverReachesTheTerminalRaw() throws {
        let hostile = loan(1, "a\u{1B}]0;owned\u{07}b\nc", due: 0, party: "\u{1B}[2J")
        let lines = try lines([hostile]) { try $0.dueSoon(AgendaQuery(store: $1), to: &$2) } + LoanDetailText.lines(policy.standing(of: hostile))
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    @Test func longTitlesAreShortenedInColumns() throws {
        let lines = try lines([loan(1, String(repeating: "x", count: 60), due: -1), loan(2, String(repeating: "日", count: 30), due: -1)]) {
            try $0.overdue(AgendaQuery(store: $1), to: &$2)
        }
        #expect(lines[1] == "  #1  " + String(repeating: "x", count: 39) + "…  lent to Alice  1 day overdue")
        #expect(lines[2] == "  #2  " + String(repeating: "日", count: 19) + "… " + "  lent to Alice  1 day overdue", "a wide character that does not fit leaves a column")
    }

    @Test func eachRowTakesItsStatusColour() throws {
        let loans = [loan(1, "Late", due: -1), loan(2, "Soon", due: 1), loan(3, "Later", due: 30), loan(4, "Back", due: -3, returned: -1)]
        #expect(try lines(loans, colour: true) { _ = try $0.list(LoanLookup(store: $1), .all, to: &$2) } == [
            "\u{1B}[31m#1  Late   lent to Alice  due 2026-11-28  1 day overdue\u{1B}[0m",
            "\u{1B}[33m#2  Soon   lent to Alice  due 2026-11-30  due tomorrow\u{1B}[0m",
            "#3  Later  lent to Alice  due 2026-12-29  due in 30 days",
            "\u{1B}[2m#4  Back   lent to Alice  due 2026-11-26  returned 2026-11-28\u{1B}[0m",
        ])
    }

    @Test func detailShowsEveryField() {
        var loan = loan(3, "Dune", due: 0, direction: .borrowed, party: "Library")
        loan.previousDueDates = [today.adding(days: -7)!]
        loan.note = "first\nsecond"
        let lines = LoanDetailText.lines(policy.standing(of: loan))
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

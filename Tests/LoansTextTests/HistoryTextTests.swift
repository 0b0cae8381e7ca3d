import LoansCore
import LoansText
import Testing

/// `loans history`: each line names its change as undo and its refusals cite it (`change 2`),
/// and says what happened, a return on its due date included.
@Suite struct HistoryTextTests {
    static let today = CivilDate(iso: "2026-11-30")!
    static let noon = UTCTimestamp(date: today, hour: 12, minute: 0, second: 0)
    static let due = CivilDate(iso: "2026-11-28")!

    static func entry(_ id: Int64, _ kind: ChangeKind, before: Loan?, after: Loan?, who: String = "me@here") -> HistoryEntry {
        let change = Change(id: ChangeID(id), at: noon, who: who, kind: kind, target: nil, isUndone: false, loanCount: 1)
        let loan = (after ?? before)!
        return HistoryEntry(change: change, delta: LoanDelta(id: loan.id, before: before, after: after), target: nil)
    }

    static let hobbit = Loan(
        id: LoanID(3), title: "The Hobbit", direction: .lent, counterparty: "Alice", lentOn: CivilDate(iso: "2026-11-01")!, dueOn: due
    )

    func lines(_ entries: [HistoryEntry]) -> [String] {
        HistoryText.lines(entries, of: nil, author: "me@here", wallTime: ErrorText.utc)
    }

    @Test func eachLineNamesItsChange() {
        var returned = HistoryTextTests.hobbit
        returned.returnedOn = HistoryTextTests.today
        let shown = lines([
            HistoryTextTests.entry(12, .returnLoan, before: HistoryTextTests.hobbit, after: returned),
            HistoryTextTests.entry(9, .add, before: nil, after: HistoryTextTests.hobbit),
        ])
        #expect(shown == [
            "2026-11-30 12:00  change 12  #3  The Hobbit  returned on 2026-11-30 (was due 2026-11-28)",
            "2026-11-30 12:00  change 9   #3  The Hobbit  added (lent to Alice, due 2026-11-28)",
        ])
    }

    @Test func aReturnOnItsDueDateSaysSo() {
        var returned = HistoryTextTests.hobbit
        returned.returnedOn = HistoryTextTests.due
        let line = lines([HistoryTextTests.entry(2, .returnLoan, before: HistoryTextTests.hobbit, after: returned)])
        #expect(line == ["2026-11-30 12:00  change 2  #3  The Hobbit  returned on its due date (2026-11-28)"])
    }
}

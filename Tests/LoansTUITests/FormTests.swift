import LoansCore
import LoansTestSupport
import LoansTUI
import Testing

/// Text fields edit like a line editor; forms check values with the command line's rules and
/// date parser, inline, and hand valid values to the use cases.
@Suite struct FormTests {
    let today = CivilDate.on("2026-11-29")

    @Test func aTextFieldEditsAtItsCursor() {
        var input = TextInput("Dun")
        input.apply(.character("e"))
        #expect(input.text == "Dune" && input.cursor == 4)
        input.apply(.home)
        input.apply(.delete)
        input.apply(.character("d"))
        #expect(input.text == "dune" && input.cursor == 1)
        input.apply(.end)
        input.apply(.left)
        input.apply(.backspace)
        #expect(input.text == "due" && input.cursor == 2)
        input.apply(.right)
        input.apply(.right)
        input.apply(.delete)
        input.apply(.backspace)
        input.apply(.backspace)
        input.apply(.backspace)
        input.apply(.backspace)
        #expect(input.text == "" && input.cursor == 0)
        input.apply(.character("界"))
        input.apply(.character("👍🏽"))
        #expect(input.text == "界👍🏽" && input.cursor == 2)
        input.apply(.control("u"))
        #expect(input.text.isEmpty)
        let handled = input.apply(.enter)
        #expect(!handled)
    }

    @Test func aLongTextScrollsToKeepTheCursorVisible() {
        var input = TextInput(String(repeating: "界", count: 30))
        let end = input.visible(columns: 10)
        #expect(end.cursorColumn == 8 && end.text.count == 4)
        input.apply(.home)
        let start = input.visible(columns: 10)
        #expect(start.cursorColumn == 0 && start.text.count == 5)
    }

    @Test func theAddFormChecksInlineAndSubmitsADraft() {
        var form = LoanForm.add(window: .standard)
        #expect(form.problems(today: today).isEmpty)
        #expect(form.apply(.enter, today: today) == .editing)
        #expect(form.problems(today: today)[.title] == "title must not be empty")
        #expect(form.problems(today: today)[.counterparty] == "counterparty must not be empty")
        #expect(form.focus == 0)
        for character in "  Dune " { _ = form.apply(.character(character), today: today) }
        _ = form.apply(.tab, today: today)
        _ = form.apply(.character(" "), today: today)
        _ = form.apply(.tab, today: today)
        for character in "Library" { _ = form.apply(.character(character), today: today) }
        _ = form.apply(.tab, today: today)
        _ = form.apply(.tab, today: today)
        _ = form.apply(.control("u"), today: today)
        for character in "2026-02-30" { _ = form.apply(.character(character), today: today) }
        #expect(form.problems(today: today)[.dueOn] == "\"2026-02-30\" is not a date: no such day")
        _ = form.apply(.control("u"), today: today)
        for character in "yesterday" { _ = form.apply(.character(character), today: today) }
        _ = form.apply(.up, today: today)
        _ = form.apply(.control("u"), today: today)
        for character in "+3d" { _ = form.apply(.character(character), today: today) }
        #expect(form.problems(today: today)[.dueOn] == "due date 2026-11-28 is before the lent date 2026-12-02")
        #expect(form.apply(.enter, today: today) == .editing)
        #expect(form.focus == 4)
        _ = form.apply(.control("u"), today: today)
        for character in "2026-12-10" { _ = form.apply(.character(character), today: today) }
        let draft = LoanDraft(
            title: "  Dune ", direction: .borrowed, counterparty: "Library", lentOn: .on("2026-12-02"), dueOn: .on("2026-12-10")
        )
        #expect(form.apply(.enter, today: today) == .submit(.add(draft)))
    }

    @Test func hugeAndHostileDatesAreProblemsNotTraps() {
        for text in ["+9223372036854775807w", "+99999999999m", "9999-12-32", "0000-01-01", "-3d", "\u{1B}[31m", "today "] {
            var form = LoanForm.returnLoan(Loan(
                id: LoanID(1), title: "A", direction: .lent, counterparty: "B", lentOn: .on("2026-11-01"), dueOn: .on("2026-11-20")
            ))
            _ = form.apply(.control("u"), today: today)
            for character in text { _ = form.apply(.character(character), today: today) }
            let problem = form.problems(today: today)[.date]
            #expect((problem == nil) == (text == "today "), "\(text): \(problem ?? "none")")
        }
    }

    @Test func anEditSubmitsOnlyWhatChanged() {
        let loan = Loan(
            id: LoanID(4), title: "Dune", direction: .borrowed, counterparty: "Library",
            lentOn: .on("2026-11-01"), dueOn: .on("2026-11-20"), note: "old"
        )
        var form = LoanForm.edit(loan)
        #expect(form.apply(.enter, today: today) == .submit(.edit(LoanID(4), LoanEdit())))
        _ = form.apply(.down, today: today)
        _ = form.apply(.character("l"), today: today)
        _ = form.apply(.backTab, today: today)
        _ = form.apply(.backTab, today: today)
        _ = form.apply(.control("u"), today: today)
        _ = form.apply(.tab, today: today)
        var edit = LoanEdit()
        edit.direction = .lent
        edit.note = ""
        #expect(form.apply(.enter, today: today) == .submit(.edit(LoanID(4), edit)))
    }

    @Test func escapeAsksBeforeThrowingChangesAway() {
        let loan = Loan(
            id: LoanID(4), title: "Dune", direction: .borrowed, counterparty: "Library",
            lentOn: .on("2026-11-01"), dueOn: .on("2026-11-20")
        )
        var untouched = LoanForm.edit(loan)
        #expect(untouched.apply(.escape, today: today) == .cancel)
        var form = LoanForm.edit(loan)
        _ = form.apply(.character("!"), today: today)
        #expect(form.isEdited)
        #expect(form.apply(.escape, today: today) == .editing && form.askingToDiscard)
        #expect(form.apply(.character("x"), today: today) == .editing && form.askingToDiscard)
        form.paste("y")
        #expect(form.askingToDiscard && form.fields[0].input.text == "Dune!")
        #expect(form.apply(.character("n"), today: today) == .editing && !form.askingToDiscard)
        #expect(form.apply(.escape, today: today) == .editing && form.askingToDiscard)
        #expect(form.apply(.escape, today: today) == .editing && !form.askingToDiscard)
        _ = form.apply(.backspace, today: today)
        #expect(!form.isEdited)
        _ = form.apply(.tab, today: today)
        _ = form.apply(.character(" "), today: today)
        #expect(form.apply(.escape, today: today) == .editing)
        #expect(form.apply(.character("y"), today: today) == .cancel)
    }

    @Test func renewAndReturnAskForOneDate() {
        let loan = Loan(
            id: LoanID(2), title: "Drill", direction: .lent, counterparty: "Sam", lentOn: .on("2026-11-10"), dueOn: .on("2026-11-20")
        )
        var renew = LoanForm.renew(loan, window: .standard)
        #expect(renew.fields.map(\.input.text) == ["+7d"])
        #expect(renew.date(.date, today: today) == .on("2026-11-27"))
        #expect(renew.apply(.enter, today: today) == .submit(.renew(LoanID(2), .on("2026-11-27"))))
        var returnLoan = LoanForm.returnLoan(loan)
        #expect(returnLoan.fields.map(\.input.text) == ["today"])
        _ = returnLoan.apply(.control("u"), today: today)
        for character in "2026-11-01" { _ = returnLoan.apply(.character(character), today: today) }
        #expect(returnLoan.problems(today: today)[.date] == "return date 2026-11-01 is before the lent date 2026-11-10")
        #expect(returnLoan.apply(.enter, today: today) == .editing)
        let zero = LoanForm.renew(loan, window: DueWindow(days: 0) ?? .standard)
        #expect(zero.fields.map(\.input.text) == ["+1d"])
    }

    /// A default the form fills in (`+7d`, `today`) is typed over, as a browser's selected text:
    /// the first character replaces it (and so does a paste), wherever the cursor is.
    @Test func theFirstCharacterReplacesAPrefilledDefault() {
        let loan = Loan(
            id: LoanID(2), title: "Drill", direction: .lent, counterparty: "Sam", lentOn: .on("2026-11-10"), dueOn: .on("2026-11-20")
        )
        var add = LoanForm.add(window: .standard)
        for _ in 0..<4 { _ = add.apply(.tab, today: today) }
        #expect(add.fields[add.focus].name == .dueOn && add.fields[add.focus].prefilled)
        for character in "fri" { _ = add.apply(.character(character), today: today) }
        #expect(add.fields[add.focus].input.text == "fri", "typed after the default: \(add.fields[add.focus].input.text)")
        #expect(add.date(.dueOn, today: today) == .on("2026-12-04"))
        #expect(!add.fields[add.focus].prefilled)

        var renew = LoanForm.renew(loan, window: .standard)
        for character in "+2w" { _ = renew.apply(.character(character), today: today) }
        #expect(renew.fields[0].input.text == "+2w")
        var returnLoan = LoanForm.returnLoan(loan)
        for character in "2026-11-25" { _ = returnLoan.apply(.character(character), today: today) }
        #expect(returnLoan.fields[0].input.text == "2026-11-25")
        var pasted = LoanForm.returnLoan(loan)
        pasted.paste("yesterday")
        #expect(pasted.fields[0].input.text == "yesterday")
        // Tab away and back: still the default, still replaced.
        var moved = LoanForm.add(window: .standard)
        for _ in 0..<4 { _ = moved.apply(.tab, today: today) }
        _ = moved.apply(.tab, today: today)
        _ = moved.apply(.backTab, today: today)
        _ = moved.apply(.character("3"), today: today)
        #expect(moved.fields[moved.focus].input.text == "3")
    }

    /// An editing key (an arrow, Home, Backspace…) makes the default ordinary text first, edited
    /// from then on like any other; values the form shows of the loan itself are never replaced.
    @Test func anEditingKeyMakesAPrefilledDefaultOrdinaryText() {
        let loan = Loan(
            id: LoanID(2), title: "Drill", direction: .lent, counterparty: "Sam", lentOn: .on("2026-11-10"), dueOn: .on("2026-11-20")
        )
        var left = LoanForm.renew(loan, window: .standard)
        _ = left.apply(.left, today: today)
        _ = left.apply(.character("0"), today: today)
        #expect(left.fields[0].input.text == "+70d")
        var back = LoanForm.renew(loan, window: .standard)
        _ = back.apply(.backspace, today: today)
        _ = back.apply(.character("w"), today: today)
        #expect(back.fields[0].input.text == "+7w")
        var end = LoanForm.returnLoan(loan)
        _ = end.apply(.end, today: today)
        #expect(!end.fields[0].prefilled)
        _ = end.apply(.character("x"), today: today)
        #expect(end.fields[0].input.text == "todayx")
        var edit = LoanForm.edit(loan)
        #expect(!edit.fields.contains { $0.prefilled }, "the loan's own values are not defaults")
        _ = edit.apply(.character("s"), today: today)
        #expect(edit.fields[0].input.text == "Drills")
    }

    static func notLater(_ date: String) -> String {
        "a renewal moves the due date later, and \(date) is not after 2026-11-20, the current due date (e corrects a wrong due date)"
    }

    /// `+N[dwm]` counts from the current due date (as `loans renew --by`), every other form is
    /// an absolute date; a date that is not later than the current due date is refused inline.
    @Test(arguments: [
        ("+7d", "2026-11-27", nil), ("+2w", "2026-12-04", nil), ("+1m", "2026-12-20", nil), ("+3", "2026-11-23", nil),
        ("tomorrow", "2026-11-30", nil), ("2026-12-24", "2026-12-24", nil),
        ("2026-11-20", "2026-11-20", FormTests.notLater("2026-11-20")),
        ("yesterday", "2026-11-28", nil), ("2026-11-19", "2026-11-19", FormTests.notLater("2026-11-19")),
        ("+0d", "2026-11-20", FormTests.notLater("2026-11-20")),
    ])
    func theRenewPromptCountsOffsetsFromTheDueDate(_ typed: String, _ date: String, _ problem: String?) {
        let loan = Loan(
            id: LoanID(2), title: "Drill", direction: .lent, counterparty: "Sam", lentOn: .on("2026-11-10"), dueOn: .on("2026-11-20")
        )
        var renew = LoanForm.renew(loan, window: .standard)
        _ = renew.apply(.control("u"), today: today)
        renew.paste(typed)
        #expect(renew.date(.date, today: today) == .on(date))
        #expect(renew.problems(today: today)[.date] == problem)
        #expect(renew.apply(.enter, today: today) == (problem == nil ? .submit(.renew(LoanID(2), .on(date))) : .editing))
    }

    @Test func anEmptyLentDateIsTheEarlierOfTodayAndTheDueDate() {
        var form = LoanForm.add(window: .standard)
        #expect(form.fields[3].input.text.isEmpty)
        #expect(form.date(.lentOn, today: today) == today)
        form.paste("Drill")
        _ = form.apply(.tab, today: today)
        _ = form.apply(.tab, today: today)
        form.paste("Sam")
        _ = form.apply(.tab, today: today)
        _ = form.apply(.tab, today: today)
        _ = form.apply(.control("u"), today: today)
        form.paste("2026-11-01")
        #expect(form.date(.lentOn, today: today) == .on("2026-11-01"))
        #expect(form.problems(today: today).isEmpty)
        let draft = LoanDraft(
            title: "Drill", direction: .lent, counterparty: "Sam", lentOn: .on("2026-11-01"), dueOn: .on("2026-11-01")
        )
        #expect(form.apply(.enter, today: today) == .submit(.add(draft)))
    }
}

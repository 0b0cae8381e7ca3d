import Foundation
import LoansCore
import LoansTestSupport
import LoansWidget
import Testing

/// The agenda's loans as a hover and a click show them: waybar's tooltip and the notification of
/// `--click 3` list at most 20, overdue first, then "… and N more"; every piece is data, so it is
/// sanitised and Pango-escaped. i3bar and i3blocks get the counts as their short text.
@Suite struct WidgetListTests {
    let presenter = WidgetPresenter(maxWidth: 60)

    /// `overdue` loans then `dueSoon` ones, each titled by its place, the first `leading` of them
    /// in the summary.
    static func summary(overdue: Int, dueSoon: Int, leading: Int) -> AgendaSummary {
        let loans = (0..<(overdue + dueSoon)).map { index in
            Scenario.loan("Loan \(index + 1)", due: index < overdue ? -(overdue - index) : index - overdue)
        }
        return AgendaSummary(policy: Scenario.policy, overdueCount: overdue, dueSoonCount: dueSoon, leading: Array(loans.prefix(leading)))
    }

    @Test func theTooltipListsTwentyLoansThenHowManyMore() throws {
        let text = presenter.present(WidgetListTests.summary(overdue: 10, dueSoon: 15, leading: 20))
        let lines = text.tooltip.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 22)
        #expect(lines[0] == "10 overdue · 15 due soon")
        #expect(lines[1] == "Loan 1 — lent to Alice, 10 days overdue")
        #expect(lines[10] == "Loan 10 — lent to Alice, 1 day overdue")
        #expect(lines[11] == "Loan 11 — lent to Alice, due today")
        #expect(lines[20] == "Loan 20 — lent to Alice, due in 9 days")
        #expect(lines[21] == "… and 5 more")
        let waybar = try #require(WidgetStyle(format: .waybar).render(text).lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
        #expect(object["tooltip"] as? String == text.tooltip)
    }

    @Test func twentyOrFewerNeedNoMoreLine() {
        for count in [1, 19, 20] {
            let text = presenter.present(WidgetListTests.summary(overdue: count, dueSoon: 0, leading: count))
            #expect(text.lines.count == count && !text.tooltip.contains("more"), "\(count)")
        }
    }

    @Test func thePresenterListsNoMoreThanTwentyWhateverTheSummaryHolds() {
        let text = presenter.present(WidgetListTests.summary(overdue: 3, dueSoon: 30, leading: 33))
        #expect(text.lines.count == WidgetPresenter.listedLoans + 1)
        #expect(text.lines.last == "… and 13 more")
    }

    @Test func theTooltipIsPangoEscapedAndSanitised() throws {
        let loan = Scenario.policy.standing(of: Loan(
            id: LoanID(1), title: "Tom & Jerry <3\n<b>", direction: .lent, counterparty: "Ann \"A\" O'Neil > Bob",
            lentOn: Scenario.today.adding(days: -9)!, dueOn: Scenario.today.adding(days: -1)!
        ))
        let text = presenter.present(AgendaSummary(policy: Scenario.policy, overdueCount: 1, dueSoonCount: 0, leading: [loan]))
        #expect(text.lines == ["Tom & Jerry <3 <b> — lent to Ann \"A\" O'Neil > Bob, 1 day overdue"])
        let waybar = try #require(WidgetStyle(format: .waybar).render(text).lines.first)
        #expect(waybar.contains(#""tooltip":"1 overdue\nTom &amp; Jerry &lt;3 &lt;b&gt; — lent to Ann &quot;A&quot; O&apos;Neil &gt; Bob, 1 day overdue""#), "\(waybar)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
        #expect(BarReading.pango(try #require(object["tooltip"] as? String)) == text.tooltip)
        let notification = WidgetNotificationView(text)
        #expect(notification.summary == "1 overdue" && notification.urgency == "normal")
        #expect(notification.body == "Tom &amp; Jerry &lt;3 &lt;b&gt; — lent to Ann &quot;A&quot; O&apos;Neil &gt; Bob, 1 day overdue")
    }

    @Test func theNotificationIsTheTooltipsHeadingAndLines() {
        let text = presenter.present(WidgetListTests.summary(overdue: 1, dueSoon: 24, leading: 20))
        let notification = WidgetNotificationView(text)
        #expect(notification.summary == "1 overdue · 24 due soon")
        #expect(notification.body.split(separator: "\n").count == 21 && notification.body.hasSuffix("\n… and 5 more"))
        let calm = WidgetNotificationView(presenter.present(Scenario.nothingDue.summary))
        #expect(calm.summary == "Nothing overdue or due soon." && calm.body.isEmpty)
        let failed = WidgetNotificationView(presenter.failure("cannot open database \"/x\": it is not a regular file"))
        #expect(failed.summary == "loans: cannot open database \"/x\": it is not a regular file" && failed.body.isEmpty)
    }

    @Test func i3barAndI3blocksGetTheCountsAsShortText() throws {
        let text = presenter.present(Scenario.both.summary)
        #expect(WidgetStyle(format: .i3blocks).render(text).lines[1] == "2 overdue · 3 due soon")
        let block = try #require(WidgetStyle(format: .i3bar).render(text).lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
        #expect(object["short_text"] as? String == "2 overdue · 3 due soon")
        #expect(object["full_text"] as? String == "2 overdue · 3 due soon: The Hobbit (2 days overdue)")
        // The short text fits the width as the full one does, and is escaped for Pango like it.
        let narrow = WidgetPresenter(maxWidth: 12).present(Scenario.both.summary)
        #expect(WidgetStyle(format: .i3blocks).render(narrow).lines[1] == "2 overdue ·…")
        let marked = WidgetPresenter(empty: "a<b & c").present(Scenario.nothingDue.summary)
        #expect(WidgetStyle(format: .i3blocks, pango: true).render(marked).lines[1] == "a&lt;b &amp; c")
        let escaped = try #require(WidgetStyle(format: .i3bar, pango: true).render(marked).lines.first)
        #expect(escaped.contains(#""short_text":"a&lt;b &amp; c""#), "\(escaped)")
    }
}

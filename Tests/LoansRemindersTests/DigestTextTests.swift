import LoansCore
import LoansReminders
import LoansTestSupport
import Testing

/// The digest in words: the summary, one line per loan by the real distance, no control
/// character from data, and the notification's urgency and markup-safe body.
@Suite struct DigestTextTests {
    func reminder(_ loan: Loan, _ days: Int) -> Reminder {
        Reminder(loan: loan, daysUntilDue: days, level: ReminderSchedule.standard.level(daysUntilDue: days)!)
    }

    @Test func theSummaryCountsAndEachLineWordsTheRealDistance() {
        var hobbit = Sample.loan(4, due: -2, title: "The Hobbit")
        hobbit.counterparty = "City Library"
        hobbit.direction = .borrowed
        var drill = Sample.loan(7, due: 2, title: "Cordless drill")
        drill.counterparty = "Sam"
        drill.direction = .lent
        let text = DigestPresenter.present(ReminderDigest(today: Sample.today, reminders: [reminder(hobbit, -2), reminder(drill, 2)]))
        #expect(text.summary == "Reminders: 1 overdue, 1 due within 2 days")
        #expect(text.lines == ["#4 Return The Hobbit to City Library: 2 days overdue", "#7 Get back Cordless drill from Sam: due in 2 days"])
        #expect(text.text == "Reminders: 1 overdue, 1 due within 2 days\n#4 Return The Hobbit to City Library: 2 days overdue\n#7 Get back Cordless drill from Sam: due in 2 days\n")
        let soon = DigestPresenter.present(ReminderDigest(today: Sample.today, reminders: [reminder(drill, 0)]))
        #expect(soon.summary == "Reminders: 1 due today" && soon.lines == ["#7 Get back Cordless drill from Sam: due today"])
        #expect(!soon.isUrgent && DigestNotification(soon).urgency == "normal")
        #expect(text.isUrgent && DigestNotification(text).urgency == "critical")
    }

    /// The summary counts the digest's reminders, which the agenda's groups are not (a loan
    /// reminded last week is overdue there; its "due soon" is the window): it says "Reminders"
    /// and how far ahead its not-overdue loans reach, never the agenda's "due soon".
    @Test func theSummarySaysWhatItCounts() {
        let loans = (1...3).map { Sample.loan(Int64($0), due: $0) }
        func summary(_ days: [Int]) -> String {
            DigestPresenter.present(ReminderDigest(today: Sample.today, reminders: zip(loans, days).map { reminder($0, $1) })).summary
        }
        #expect(summary([-8, 0]) == "Reminders: 1 overdue, 1 due today")
        #expect(summary([0, 1]) == "Reminders: 2 due by tomorrow")
        #expect(summary([-1, 3, 1]) == "Reminders: 1 overdue, 2 due within 3 days")
        #expect(summary([-1, -15]) == "Reminders: 2 overdue")
    }

    @Test func dataBringsNoLineBreakAndNoMarkup() {
        let hostile = Sample.loan(1, due: 1, title: "a\nb\u{1B}[31m <b>&</b>")
        let text = DigestPresenter.present(ReminderDigest(today: Sample.today, reminders: [reminder(hostile, 1)]))
        #expect(text.lines == ["#1 Return a b [31m <b>&</b> to Party 1: due tomorrow"])
        let notification = DigestNotification(text)
        #expect(notification.body == "#1 Return a b [31m &lt;b&gt;&amp;&lt;/b&gt; to Party 1: due tomorrow")
        #expect(notification.summary == "Reminders: 1 due by tomorrow")
    }
}

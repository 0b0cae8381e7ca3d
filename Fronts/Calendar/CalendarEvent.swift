import LoansCore
import LoansText

/// One open loan as an all-day event of the feed: on its due date, with a stable identity and a
/// version number that grows with every change of the loan.
package struct CalendarEvent: Hashable, Sendable {
    /// `loan-4@<database identity>` (`shared-loan-4@…` in a share link's feed): the same for the
    /// whole life of the loan, never the same in two databases.
    package let uid: String
    /// How many changes touched the loan (0 when the store kept none): a renewal moves the event
    /// under the same uid with a higher sequence.
    package let sequence: Int
    /// When the loan last changed (`DTSTAMP`, `LAST-MODIFIED`).
    package let stamp: UTCTimestamp
    package let start: CivilDate
    /// The day after the due date; nil on the calendar's last day.
    package let end: CivilDate?
    /// `Return The Hobbit to City Library` or `Get back Cordless drill from Sam`.
    package let summary: String
    /// The loan's note.
    package let description: String?
    /// Days before the due date at which an alarm rings (at 09:00 local time).
    package let alarms: [Int]
}

/// Makes the events of the feed: what each loan's event says and when its alarms ring.
package struct CalendarPresenter: Sendable {
    /// The store's identity, which makes uids unique across databases.
    let identity: String
    /// Days before the due date for alarms, furthest first, each once.
    let alarms: [Int]
    /// Whether the events are a share link's, whose uids are their own.
    let shared: Bool

    package init(identity: String, alarms: [Int], shared: Bool) {
        self.identity = identity
        self.alarms = Array(Set(alarms)).sorted(by: >)
        self.shared = shared
    }

    package func event(_ entry: FeedEntry) -> CalendarEvent {
        let loan = entry.loan
        return CalendarEvent(
            uid: (shared ? "shared-loan-" : "loan-") + "\(loan.id)@\(identity)",
            sequence: entry.revision?.changeCount ?? 0,
            stamp: entry.revision?.lastChanged ?? UTCTimestamp(date: loan.lentOn, hour: 0, minute: 0, second: 0),
            start: loan.dueOn,
            end: loan.dueOn.adding(days: 1),
            summary: LoanWording.action(loan),
            description: loan.note,
            alarms: alarms
        )
    }
}

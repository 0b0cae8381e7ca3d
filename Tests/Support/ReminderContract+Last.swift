import LoansCore
import Testing

/// The read a page of people makes of the ledger: when each recipient was last reminded of
/// anything — the newest instant recorded for them, whichever loan, due date and level — a person
/// and an address kept apart, asked many at once.
extension ReminderContract {
    static func lastReminded(_ open: ReminderCheck.Open) throws {
        let (store, ledger) = try open("alice@home")
        let dune = try AddLoan(store: store).run(draft("Dune", due: 3))
        let tent = try AddLoan(store: store).run(draft("Tent", due: 5))
        let kim = ReminderRecipient.address("kim@example.org")
        #expect(try ledger.lastReminded(to: [alice, kim]).isEmpty, "nobody was reminded yet")
        let yesterday = UTCTimestamp(date: Sample.day(-1), hour: 23, minute: 59, second: 58)
        let morning = UTCTimestamp(date: today, hour: 8, minute: 0, second: 0)
        let evening = UTCTimestamp(date: today, hour: 18, minute: 30, second: 5)
        try ledger.recordReminded([SentReminder(key: ReminderKey(loan: dune, dueOn: Sample.day(3)), level: ReminderLevel(days: 3))], to: kim, on: today, at: evening)
        try ledger.recordReminded([SentReminder(key: ReminderKey(loan: tent, dueOn: Sample.day(5)), level: ReminderLevel(days: 7))], to: kim, on: today, at: morning)
        try ledger.recordReminded([SentReminder(key: ReminderKey(loan: dune, dueOn: Sample.day(3)), level: ReminderLevel(days: 7))], to: alice, on: Sample.day(-1), at: yesterday)
        let (_, again) = try open("bob@desk")
        let asked = [alice, kim, .address("alice"), .person("kim@example.org"), .address("nobody@example.org")]
        #expect(try again.lastReminded(to: asked) == [alice: yesterday, kim: evening], "the newest instant of each, whatever was reminded")
        #expect(try again.lastReminded(to: [kim]) == [kim: evening])
        #expect(try again.lastReminded(to: []).isEmpty)
        let quoted = ReminderRecipient.address("o'neil\"{x}\\@example.org")
        try ledger.recordReminded([SentReminder(key: ReminderKey(loan: tent, dueOn: Sample.day(5)), level: ReminderLevel(days: 3))], to: quoted, on: today, at: morning)
        #expect(try again.lastReminded(to: [quoted, kim]) == [quoted: morning, kim: evening], "an address with quotes and braces is one recipient")
    }
}

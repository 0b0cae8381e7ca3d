import Foundation
import LoansCore
import Testing

/// The reminders' side of the store contract: every store keeps the sent-state alike (per
/// recipient, loan, due date and level, counting only what was sent by the run's day), outside
/// the history, and lets one run at a time decide, deliver and record — a run that waits past its
/// wait gives up, naming the holder, and sends nothing. Each check gets a way to open its ONE fresh store as any author: a writer
/// for the loans and the store's reminders' ledger (for a database, new connections each time).
package struct ReminderCheck: Sendable, CustomTestStringConvertible {
    package typealias Open = (_ author: String) throws -> (store: any LoanWriting, ledger: any ReminderLedger)

    package let name: String
    let body: @Sendable (Open) throws -> Void

    package var testDescription: String { name }

    package func run(_ open: Open) throws {
        try body(open)
    }
}

package enum ReminderContract {
    package static let checks: [ReminderCheck] = [
        ReminderCheck(name: "levels are kept per recipient, loan and due date, outside the history", body: keepsLevels),
        ReminderCheck(name: "a missed day catches up with the most urgent level only", body: catchesUp),
        ReminderCheck(name: "a renewal re-arms; undoing it fires nothing again", body: renewalReArms),
        ReminderCheck(name: "returned loans are never reminded; the digest is in agenda order", body: returnedNever),
        ReminderCheck(name: "a failed delivery records nothing", body: failedDeliveryRecordsNothing),
        ReminderCheck(name: "changing the leads or the interval never skips or repeats", body: changedScheduleNeitherSkipsNorRepeats),
        ReminderCheck(name: "two runs at once send each reminder once", body: twoRunsSendOnce),
        ReminderCheck(name: "a run gives up after its wait for the lock, naming the holder, and sends nothing", body: givesUpWaiting),
        ReminderCheck(name: "a day that once read far ahead silences no later reminder", body: farAheadSilencesNothing),
        ReminderCheck(name: "the last reminder to each recipient is the newest recorded for them", body: lastReminded),
    ]

    /// The wait of a run that should never give up (another's delivery is short): a deadline,
    /// not a measure.
    package static let patient = ReminderLockTimes(waitMilliseconds: 60_000, silenceMilliseconds: 120_000)
    /// The wait of a run that should give up while another holds the lock.
    static let impatient = ReminderLockTimes(waitMilliseconds: 200, silenceMilliseconds: 120_000)
    static let alice = ReminderRecipient.person("alice")

    static let today = Sample.today
    static let instant = UTCTimestamp(date: Sample.today, hour: 8, minute: 0, second: 0)

    static func draft(_ title: String, due: Int) -> LoanDraft {
        LoanDraft(title: title, direction: .borrowed, counterparty: "City Library", lentOn: Sample.day(-60), dueOn: Sample.day(due))
    }

    static func due(_ ledger: any ReminderLedger, _ store: any LoanReading, on day: Int, _ schedule: ReminderSchedule = .standard, to recipient: ReminderRecipient = alice)
        throws -> ReminderDigest {
        try RemindersDue(store: store, ledger: ledger, schedule: schedule, recipient: recipient, lock: patient).digest(Sample.day(day))
    }

    /// One run on `day`: what it delivered (nothing when nothing was due).
    @discardableResult
    static func send(_ ledger: any ReminderLedger, _ store: any LoanReading, on day: Int, _ schedule: ReminderSchedule = .standard, to recipient: ReminderRecipient = alice)
        throws -> [String] {
        try send(ledger, store, onDate: Sample.day(day), schedule, to: recipient)
    }

    /// One run on `date`: what it delivered.
    static func send(_ ledger: any ReminderLedger, _ store: any LoanReading, onDate date: CivilDate, _ schedule: ReminderSchedule = .standard, to recipient: ReminderRecipient = alice)
        throws -> [String] {
        var delivered: [String] = []
        try RemindersDue(store: store, ledger: ledger, schedule: schedule, recipient: recipient, lock: patient).send(date, at: instant) { digest in
            delivered = digest.reminders.map { "#\($0.loan.id) \($0.daysUntilDue)" }
        }
        return delivered
    }

    static func keepsLevels(_ open: ReminderCheck.Open) throws {
        let (store, ledger) = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("Dune", due: 3))
        let changes = try store.history(of: nil, limit: nil).count
        let key = ReminderKey(loan: id, dueOn: Sample.day(3))
        let other = ReminderKey(loan: id, dueOn: Sample.day(10))
        let today = Sample.today
        #expect(try ledger.remindedLevels(to: alice, for: [key, other], sentBy: today).isEmpty)
        try ledger.recordReminded([SentReminder(key: key, level: ReminderLevel(days: 3))], to: alice, on: today, at: instant)
        try ledger.recordReminded(
            [SentReminder(key: key, level: ReminderLevel(days: 1)), SentReminder(key: key, level: ReminderLevel(days: 3))], to: alice, on: today, at: instant
        )
        let (_, again) = try open("alice@home")
        #expect(try again.remindedLevels(to: alice, for: [key, other], sentBy: today) == [key: ReminderLevel(days: 1)])
        #expect(try again.remindedLevels(to: alice, for: [key], sentBy: Sample.day(-1)).isEmpty, "sent on a later day than asked")
        #expect(try again.remindedLevels(to: .person("bob"), for: [key], sentBy: today).isEmpty, "each recipient has their own")
        #expect(try again.remindedLevels(to: .address("alice"), for: [key], sentBy: today).isEmpty, "an address is not the person of that name")
        try ledger.recordReminded([SentReminder(key: key, level: ReminderLevel(days: 1))], to: .address("alice@example.org"), on: today, at: instant)
        #expect(try again.remindedLevels(to: .address("alice@example.org"), for: [key], sentBy: today) == [key: ReminderLevel(days: 1)])
        #expect(try again.remindedLevels(to: .person("alice@example.org"), for: [key], sentBy: today).isEmpty, "a person is not the address")
        #expect(try store.history(of: nil, limit: nil).count == changes, "sent-state is not a change")
        try ledger.recordReminded([SentReminder(key: key, level: ReminderLevel(days: -8))], to: alice, on: Sample.day(1), at: instant)
        #expect(try again.remindedLevels(to: alice, for: [key], sentBy: today) == [key: ReminderLevel(days: 1)], "sent tomorrow: not yet")
        #expect(try again.remindedLevels(to: alice, for: [key], sentBy: Sample.day(1)) == [key: ReminderLevel(days: -8)])
        try ledger.recordReminded([SentReminder(key: key, level: ReminderLevel(days: -8))], to: alice, on: today, at: instant)
        #expect(try again.remindedLevels(to: alice, for: [key], sentBy: today) == [key: ReminderLevel(days: -8)], "sent again earlier: the earlier day counts")
        try ledger.recordReminded([SentReminder(key: key, level: ReminderLevel(days: -8))], to: alice, on: Sample.day(2), at: instant)
        #expect(try again.remindedLevels(to: alice, for: [key], sentBy: today) == [key: ReminderLevel(days: -8)], "and stays")
    }

    static func catchesUp(_ open: ReminderCheck.Open) throws {
        let (store, ledger) = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("Dune", due: 0))
        #expect(try send(ledger, store, on: -5).isEmpty, "due in 5 days: beyond every lead")
        #expect(try send(ledger, store, on: 4) == ["#\(id) -4"], "the machine was off from 3 days before until 4 days after")
        #expect(try send(ledger, store, on: 4).isEmpty)
        #expect(try send(ledger, store, on: 7).isEmpty, "still the first overdue week")
        #expect(try send(ledger, store, on: 8) == ["#\(id) -8"])
        #expect(try send(ledger, store, on: 30) == ["#\(id) -30"], "three weeks missed: one reminder")
        #expect(try send(ledger, store, on: 31).isEmpty)
        #expect(try send(ledger, store, on: 30, to: .person("bob")) == ["#\(id) -30"], "another recipient")
    }

    static func renewalReArms(_ open: ReminderCheck.Open) throws {
        let (store, ledger) = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("Dune", due: 0))
        #expect(try send(ledger, store, on: 0) == ["#\(id) 0"])
        #expect(try send(ledger, store, on: 1) == ["#\(id) -1"])
        _ = try RenewLoan(store: store).run(id, to: .date(Sample.day(4)))
        #expect(try send(ledger, store, on: 1) == ["#\(id) 3"], "the new due date has its own reminders")
        #expect(try send(ledger, store, on: 1).isEmpty)
        _ = try UndoChange(store: store).run()
        #expect(try send(ledger, store, on: 1).isEmpty, "back on the old due date, whose reminders went out")
        _ = try RedoChange(store: store).run()
        #expect(try send(ledger, store, on: 1).isEmpty)
        #expect(try send(ledger, store, on: 3) == ["#\(id) 1"])
    }

    static func returnedNever(_ open: ReminderCheck.Open) throws {
        let (store, ledger) = try open("alice@home")
        let later = try AddLoan(store: store).run(draft("Later", due: 2))
        let returned = try AddLoan(store: store).run(draft("Returned", due: -3))
        let overdue = try AddLoan(store: store).run(draft("Overdue", due: -3))
        let most = try AddLoan(store: store).run(draft("Most overdue", due: -9))
        let today = try AddLoan(store: store).run(draft("Today", due: 0))
        _ = try AddLoan(store: store).run(draft("Far", due: 30))
        _ = try ReturnLoan(store: store).run(returned, on: Sample.day(0), today: Sample.today)
        let digest = try due(ledger, store, on: 0)
        #expect(digest.reminders.map(\.loan.id) == [most, overdue, today, later])
        #expect(digest.reminders.map(\.daysUntilDue) == [-9, -3, 0, 2])
        #expect(digest.overdueCount == 2 && digest.dueSoonCount == 2)
        #expect(try send(ledger, store, on: 0).count == 4)
        _ = try ReturnLoan(store: store).run(most, on: Sample.day(20), today: Sample.day(20))
        #expect(try send(ledger, store, on: 20).map { $0.hasPrefix("#\(most) ") }.contains(true) == false)
    }

    static func failedDeliveryRecordsNothing(_ open: ReminderCheck.Open) throws {
        struct Refused: Error {}
        let (store, ledger) = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("Dune", due: 1))
        let reminders = RemindersDue(store: store, ledger: ledger, schedule: .standard, recipient: alice, lock: patient)
        #expect(throws: Refused.self) { try reminders.send(Sample.day(0), at: instant) { _ in throw Refused() } }
        #expect(try ledger.remindedLevels(to: alice, for: [ReminderKey(loan: id, dueOn: Sample.day(1))], sentBy: Sample.day(0)).isEmpty)
        #expect(try send(ledger, store, on: 0) == ["#\(id) 1"], "the next run tries again")
    }

    static func changedScheduleNeitherSkipsNorRepeats(_ open: ReminderCheck.Open) throws {
        let (store, ledger) = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("Dune", due: 0))
        let wide = try #require(ReminderSchedule(leads: [7, 2, 0], overdueEvery: 7))
        let daily = try #require(ReminderSchedule(leads: [3, 1, 0], overdueEvery: 1))
        #expect(try send(ledger, store, on: -3) == ["#\(id) 3"])
        #expect(try send(ledger, store, on: -2, wide) == ["#\(id) 2"], "a lead only the new list has")
        #expect(try send(ledger, store, on: -1, wide).isEmpty, "2 days ahead was sent; 0 is not reached")
        #expect(try send(ledger, store, on: -1) == ["#\(id) 1"])
        #expect(try send(ledger, store, on: -1, wide).isEmpty, "a less urgent level is never sent again")
        #expect(try send(ledger, store, on: 1) == ["#\(id) -1"])
        #expect(try send(ledger, store, on: 2, daily) == ["#\(id) -2"])
        #expect(try send(ledger, store, on: 3).isEmpty, "weekly again: 3 days overdue is still the first week")
        #expect(try send(ledger, store, on: 8) == ["#\(id) -8"])
    }

    /// Two runs, each on its own connection (threads here; processes in the end-to-end test),
    /// started together behind a barrier: one delivers, the other finds nothing left to send.
    static func twoRunsSendOnce(_ open: ReminderCheck.Open) throws {
        let (store, _) = try open("alice@home")
        for due in [-3, 0, 1] { _ = try AddLoan(store: store).run(draft("Loan due \(due)", due: due)) }
        let runs = [try open("alice@home"), try open("alice@home")]
        let delivered = Delivered()
        let barrier = DispatchGroup()
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        for (store, ledger) in runs {
            nonisolated(unsafe) let (store, ledger) = (store, ledger)
            barrier.enter()
            Thread {
                ready.signal()
                go.wait()
                do {
                    try RemindersDue(store: store, ledger: ledger, schedule: .standard, recipient: alice, lock: patient).send(Sample.today, at: instant) { digest in
                        Thread.sleep(forTimeInterval: 0.2)
                        delivered.add(digest.reminders.map(\.loan.title))
                    }
                } catch {
                    delivered.fail("\(error)")
                }
                barrier.leave()
            }.start()
        }
        for _ in runs { #expect(ready.wait(timeout: .now() + 30) == .success, "a run did not start") }
        for _ in runs { go.signal() }
        #expect(barrier.wait(timeout: .now() + 60) == .success, "the runs did not finish within a minute")
        #expect(delivered.failures.isEmpty)
        #expect(delivered.batches.count == 1, "one run delivers, the other finds nothing due: \(delivered.batches)")
        #expect(delivered.batches.flatMap { $0 }.sorted() == ["Loan due -3", "Loan due 0", "Loan due 1"])
    }

    /// One run holds the lock; another, with a short wait, gives up while it does — naming the
    /// holder, delivering and recording nothing — and the next run after the holder let go sends.
    /// The waiting run has a thread of its own and a deadline, so a run that never gives up
    /// fails the check instead of hanging it.
    static func givesUpWaiting(_ open: ReminderCheck.Open) throws {
        let (store, ledger) = try open("alice@home")
        let id = try AddLoan(store: store).run(draft("Dune", due: 0))
        let delivered = Delivered()
        let ended = DispatchSemaphore(value: 0)
        var gaveUpInTime = false
        try ledger.exclusively(patient) {
            nonisolated(unsafe) let (otherStore, other) = try open("bob@desk")
            Thread {
                do {
                    try RemindersDue(store: otherStore, ledger: other, schedule: .standard, recipient: alice, lock: impatient).send(Sample.today, at: instant) {
                        delivered.add($0.reminders.map(\.loan.title))
                    }
                    delivered.fail("the run did not give up")
                } catch let busy as ReminderLockBusy {
                    delivered.gaveUp(busy)
                } catch {
                    delivered.fail("\(error)")
                }
                ended.signal()
            }.start()
            gaveUpInTime = ended.wait(timeout: .now() + 30) == .success
            #expect(gaveUpInTime, "a run waiting \(impatient.waitMilliseconds) ms for the lock still waits after 30 s")
        }
        if !gaveUpInTime { #expect(ended.wait(timeout: .now() + 60) == .success, "the waiting run never ended") }
        #expect(delivered.batches.isEmpty && delivered.failures.isEmpty, "a run that gave up delivers nothing: \(delivered.batches) \(delivered.failures)")
        let busy = delivered.busy
        #expect(busy?.waitedMilliseconds == impatient.waitMilliseconds)
        switch busy?.holder {
        case .process(_, let who, _, let stopped)?:
            #expect(who == "alice@home" && !stopped, "the holder is named: \(String(describing: busy))")
        case .session(let process, _, let application, _)?:
            #expect(process > 0 && application?.contains("alice@home") == true, "the holder is named: \(String(describing: busy))")
        case nil:
            Issue.record("the holder is not named: \(String(describing: busy))")
        }
        #expect(try send(ledger, store, on: 0) == ["#\(id) 0"], "and recorded nothing")
    }

    /// A run whose day read 9999-12-31 (a bad clock, LOANS_TODAY) reminds of every loan as long
    /// overdue; when the day is right again, every reminder still comes, each once. A day read a
    /// little ahead sent a level that later comes true: it is sent then, once.
    static func farAheadSilencesNothing(_ open: ReminderCheck.Open) throws {
        let (store, ledger) = try open("alice@home")
        let first = try AddLoan(store: store).run(draft("Dune", due: 10))
        let second = try AddLoan(store: store).run(draft("Emma", due: 20))
        #expect(try send(ledger, store, onDate: .latest).count == 2, "both look overdue for thousands of years")
        #expect(try send(ledger, store, on: 7) == ["#\(first) 3"], "the day is right again: the reminders come")
        #expect(try send(ledger, store, on: 9) == ["#\(first) 1"])
        #expect(try send(ledger, store, on: 10) == ["#\(first) 0"])
        #expect(try send(ledger, store, on: 11) == ["#\(first) -1"])
        #expect(try send(ledger, store, on: 23) == ["#\(first) -13", "#\(second) -3"], "a day read ahead")
        #expect(try send(ledger, store, on: 19) == ["#\(first) -9", "#\(second) 1"], "sent on day 23, which has not come")
        #expect(try send(ledger, store, on: 20) == ["#\(second) 0"])
        #expect(try send(ledger, store, on: 21) == ["#\(second) -1"])
        #expect(try send(ledger, store, on: 22).isEmpty)
        #expect(try send(ledger, store, on: 23).isEmpty, "day 23 has come: what it sent is sent once")
    }
}

/// What the runs of `twoRunsSendOnce` and `givesUpWaiting` delivered, shared between their threads.
final class Delivered: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var batches: [[String]] = []
    private(set) var failures: [String] = []
    private(set) var busy: ReminderLockBusy?

    func gaveUp(_ busy: ReminderLockBusy) {
        lock.withLock { self.busy = busy }
    }

    func add(_ batch: [String]) {
        lock.withLock { batches.append(batch) }
    }

    func fail(_ message: String) {
        lock.withLock { failures.append(message) }
    }
}

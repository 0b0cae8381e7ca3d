import LoansCore
import LoansTestSupport
import Testing

/// The reminder levels as a table: leads × days from −30 to +10 × renewals × returns, each
/// scenario run once a day through the use case on a store and compared with the rule written
/// out plainly (the smallest lead at or beyond the distance; overdue weeks starting 1, 1+K,
/// 1+2K … days after the due date; sent when more urgent than anything sent for that due date).
@Suite struct ReminderLevelTests {
    /// A renewal (unless the loan was returned before) or a return, on a day counted from the
    /// loan's first due date.
    struct Scenario: CustomTestStringConvertible, Sendable {
        var leads: [Int]
        var every: Int
        var renewal: (day: Int, toDay: Int)?
        var returnDay: Int?
        var testDescription: String {
            "leads \(leads) every \(every)" + (renewal.map { " renewed on \($0.day) to \($0.toDay)" } ?? "")
                + (returnDay.map { " returned on \($0)" } ?? "")
        }
    }

    /// The first day and the last day of a scenario: 10 days before the due date to 30 after.
    static let days = -10...30

    /// Runs `loans remind` on each day of the span: the (day, days until due) of each reminder sent.
    static func run(_ scenario: Scenario) throws -> [[Int]] {
        let store = MemoryStore()
        let due = Sample.today
        let id = try AddLoan(store: store).run(LoanDraft(title: "Dune", direction: .borrowed, counterparty: "Library", lentOn: due.adding(days: -40)!, dueOn: due))
        let schedule = try #require(ReminderSchedule(leads: scenario.leads, overdueEvery: scenario.every))
        var sent: [[Int]] = []
        for day in days {
            let today = due.adding(days: day)!
            let returned = scenario.returnDay.map { $0 < day } ?? false
            if scenario.renewal?.day == day, let to = scenario.renewal?.toDay, !returned {
                _ = try RenewLoan(store: store).run(id, to: .date(due.adding(days: to)!))
            }
            if scenario.returnDay == day { _ = try ReturnLoan(store: store).run(id, on: today, today: today) }
            try RemindersDue(store: store, ledger: store, schedule: schedule, recipient: .person("alice"), lock: ReminderContract.patient).send(today, at: MemoryStore().clock) { digest in
                sent += digest.reminders.map { [day, $0.daysUntilDue] }
            }
        }
        return sent
    }

    /// The rule written out plainly, independently of the use case.
    static func expected(_ scenario: Scenario) -> [[Int]] {
        var sentFor: [Int: Int] = [:]
        var sent: [[Int]] = []
        for day in days {
            if let returned = scenario.returnDay, day >= returned { break }
            let dueDay = scenario.renewal.map { day >= $0.day ? $0.toDay : 0 } ?? 0
            let distance = dueDay - day
            var level: Int?
            if distance >= 0 {
                level = scenario.leads.filter { $0 >= distance }.min()
            } else {
                var anchor = 1
                while anchor + scenario.every <= -distance { anchor += scenario.every }
                level = -anchor
            }
            if let level, level < sentFor[dueDay, default: Int.max] {
                sentFor[dueDay] = level
                sent.append([day, distance])
            }
        }
        return sent
    }

    /// Rows written out by hand: [day, days until due] of each reminder.
    static let rows: [(Scenario, [[Int]])] = [
        (Scenario(leads: [3, 1, 0], every: 7), [[-3, 3], [-1, 1], [0, 0], [1, -1], [8, -8], [15, -15], [22, -22], [29, -29]]),
        (Scenario(leads: [7, 2, 0], every: 7), [[-7, 7], [-2, 2], [0, 0], [1, -1], [8, -8], [15, -15], [22, -22], [29, -29]]),
        (Scenario(leads: [], every: 7), [[1, -1], [8, -8], [15, -15], [22, -22], [29, -29]]),
        (Scenario(leads: [5], every: 10), [[-5, 5], [1, -1], [11, -11], [21, -21]]),
        (Scenario(leads: [3, 1, 0], every: 7, returnDay: -2), [[-3, 3]]),
        (Scenario(leads: [3, 1, 0], every: 7, renewal: (1, 7)), [[-3, 3], [-1, 1], [0, 0], [4, 3], [6, 1], [7, 0], [8, -1], [15, -8], [22, -15], [29, -22]]),
        (Scenario(leads: [3, 1, 0], every: 7, renewal: (-10, 14), returnDay: 15), [[11, 3], [13, 1], [14, 0]]),
    ]

    @Test(arguments: rows.indices)
    func theRowsWrittenOut(_ index: Int) throws {
        let (scenario, sent) = ReminderLevelTests.rows[index]
        #expect(try ReminderLevelTests.run(scenario) == sent, "\(scenario.testDescription)")
        #expect(ReminderLevelTests.expected(scenario) == sent, "the plain rule agrees with the row")
    }

    static let grid: [Scenario] = {
        var all: [Scenario] = []
        for leads in [[3, 1, 0], [7, 2, 0], [], [0], [5], [10, 4], [0, 0, 2, 1]] {
            for every in [1, 3, 7] {
                for renewal in [nil, (day: -2, toDay: 10), (day: 3, toDay: 5)] as [(day: Int, toDay: Int)?] {
                    for returnDay in [nil, -5, 1, 12] as [Int?] {
                        all.append(Scenario(leads: leads, every: every, renewal: renewal, returnDay: returnDay))
                    }
                }
            }
        }
        return all
    }()

    @Test(arguments: grid)
    func everyScenarioFollowsTheRule(_ scenario: Scenario) throws {
        #expect(try ReminderLevelTests.run(scenario) == ReminderLevelTests.expected(scenario))
    }

    @Test func levelsAndTheirUrgency() throws {
        let standard = ReminderSchedule.standard
        #expect(standard.leads == [0, 1, 3] && standard.overdueEvery == 7)
        #expect([4, 3, 2, 1, 0].map { standard.level(daysUntilDue: $0)?.days } == [nil, 3, 3, 1, 0])
        #expect([-1, -7, -8, -14, -15].map { standard.level(daysUntilDue: $0)?.days } == [-1, -1, -8, -8, -15])
        #expect(try #require(ReminderSchedule(leads: [], overdueEvery: 1)).level(daysUntilDue: 0) == nil)
        #expect(ReminderLevel(days: -1).isMoreUrgent(than: ReminderLevel(days: 0)))
        #expect(!ReminderLevel(days: 3).isMoreUrgent(than: ReminderLevel(days: 3)))
        #expect(ReminderSchedule(leads: [3, 3, 0, 1], overdueEvery: 7)?.leads == [0, 1, 3])
        #expect(ReminderSchedule(leads: [1], overdueEvery: 0) == nil)
        #expect(ReminderSchedule(leads: [-1], overdueEvery: 7) == nil)
        #expect(ReminderSchedule(leads: [36_501], overdueEvery: 7) == nil)
    }

    @Test func listsOfDaysAsTyped() {
        #expect(ReminderSchedule.days(parsing: "7,2,0") == [7, 2, 0])
        #expect(ReminderSchedule.days(parsing: "") == [])
        for bad in ["7,,0", "7,", ",7", "-1", "+1", "1.5", "a", "36501", "1 2", "9999999"] {
            #expect(ReminderSchedule.days(parsing: bad) == nil, "\(bad)")
        }
        #expect(ReminderSchedule.interval(parsing: "1") == 1)
        #expect(["0", "", "-7", "36501", "x"].allSatisfy { ReminderSchedule.interval(parsing: $0) == nil })
    }
}

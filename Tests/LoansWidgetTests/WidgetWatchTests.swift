import LoansCore
import LoansTestSupport
import LoansWidget
import Testing

/// The `--watch` loop over the live-agenda port: it answers first, then again at every wake-up
/// the port gives (a write, a new day), retries a failure a second later, prints only new lines,
/// and ends when nobody reads.
@Suite struct WidgetWatchLoopTests {
    /// The port, scripted: each wake-up first runs its step (a write, a new day), then wakes.
    final class ScriptedChanges: AgendaChanges {
        var steps: [(() -> Void, AgendaWake)]
        private(set) var timeouts: [Int?] = []

        init(_ steps: [(() -> Void, AgendaWake)]) {
            self.steps = steps
        }

        func next(input: Int32?, output: Int32?, timeoutMilliseconds: Int?) -> AgendaWake {
            timeouts.append(timeoutMilliseconds)
            guard !steps.isEmpty else { return .outputClosed }
            let (step, wake) = steps.removeFirst()
            step()
            return wake
        }
    }

    /// A memory store as the loop's stores, and a clock whose day the test moves.
    final class World: LoanStores, Clock {
        let store = MemoryStore()
        var day = Scenario.today

        func reader() throws -> any LoanReading { store }
        func writer() throws -> any LoanWriting { store }
        func now() -> Now { Now(today: day, utc: UTCTimestamp(date: day, hour: 8, minute: 0, second: 0)) }

        func add(_ title: String, due: Int) {
            _ = try? store.add(LoanDraft(
                title: title, direction: .borrowed, counterparty: "Library",
                lentOn: Scenario.today.adding(days: -30)!, dueOn: Scenario.today.adding(days: due)!
            ))
        }
    }

    func run(_ world: World, _ changes: ScriptedChanges, format: WidgetFormat = .plain) throws -> [String] {
        let answer = WidgetAnswer(style: WidgetStyle(format: format), presenter: WidgetPresenter())
        let watch = WidgetWatch(today: Today(fixed: nil, window: .standard, clock: world), stores: world, changes: changes, answer: answer)
        var printed: [String] = []
        try watch.run(output: nil) { printed += $0; return true } report: { _ in }
        return printed
    }

    @Test func answersFirstThenAtEachWakeUpPrintingOnlyNewLines() throws {
        let world = World()
        world.add("Dune", due: 1)
        let changes = ScriptedChanges([
            ({}, .answerMayHaveChanged),
            ({ world.add("Tent", due: -1) }, .answerMayHaveChanged),
            ({}, .timeout),
        ])
        let printed = try run(world, changes)
        #expect(printed == ["1 due soon: Dune (due tomorrow)", "1 overdue · 1 due soon: Tent (1 day overdue)"])
        #expect(changes.timeouts == [nil, nil, nil, nil])
    }

    @Test func aNewDayChangesTheLine() throws {
        let world = World()
        world.add("Dune", due: 1)
        let changes = ScriptedChanges([({ world.day = world.day.adding(days: 1)! }, .answerMayHaveChanged)])
        #expect(try run(world, changes) == ["1 due soon: Dune (due tomorrow)", "1 due soon: Dune (due today)"])
    }

    /// Retried after 0.25 s, then each pause twice the last up to 2 s (the TUI's and the
    /// PostgreSQL watcher's schedule too); an answer starts the schedule over.
    @Test func aFailureIsRetriedLessAndLessOftenUntilAnAnswerComes() throws {
        let world = World()
        world.store.failure = StoreError(.unavailable, "database is locked")
        let fail = { world.store.failure = StoreError(.unavailable, "database is locked") }
        let changes = ScriptedChanges([
            ({}, .timeout), ({}, .timeout), ({}, .timeout), ({}, .timeout), ({ world.store.failure = nil }, .timeout),
            (fail, .answerMayHaveChanged), ({ world.store.failure = nil }, .timeout),
        ])
        let printed = try run(world, changes, format: .waybar)
        #expect(printed.count == 4 && printed[0].contains("loans: error") && printed[1].contains(#""class":"none""#))
        #expect(printed[2] == printed[0] && printed[3] == printed[1])
        #expect(changes.timeouts == [250, 500, 1000, 2000, 2000, nil, 250, nil])
    }

    @Test func plainStopsAtTheFirstFailure() {
        let world = World()
        world.store.failure = StoreError(.unavailable, "database is locked")
        #expect(throws: StoreError.self) { try run(world, ScriptedChanges([({}, .timeout)])) }
    }

    @Test func itEndsWhenNobodyReads() throws {
        let world = World()
        world.add("Dune", due: 1)
        let answer = WidgetAnswer(style: WidgetStyle(format: .plain), presenter: WidgetPresenter())
        let changes = ScriptedChanges([({ world.add("Tent", due: 2) }, .answerMayHaveChanged), ({}, .answerMayHaveChanged)])
        let watch = WidgetWatch(today: Today(fixed: nil, window: .standard, clock: world), stores: world, changes: changes, answer: answer)
        var emitted = 0
        try watch.run(output: nil) { _ in emitted += 1; return emitted < 2 } report: { _ in }
        #expect(emitted == 2 && changes.steps.count == 1)
    }
}

import Foundation
import LoansCore
import LoansWidget
import Testing

/// `--watch` without I/O: when the answer is computed again, what is printed, and the i3bar
/// protocol's shape.
@Suite struct WidgetFeedTests {
    let today = Scenario.today
    let presenter = WidgetPresenter()

    /// Polls the feed once per step (files changed?, today) and answers with `text` whenever
    /// it asks; returns whether it asked at each step.
    func poll(_ feed: inout WidgetFeed, _ steps: [(Bool, CivilDate)], answer text: WidgetText) -> [Bool] {
        steps.map { changed, day in
            let asked = feed.needsAnswer(storeChanged: changed, today: day)
            if asked { _ = feed.lines(for: text) }
            return asked
        }
    }

    @Test func answersFirstThenOnlyWhenFilesChangeOrTheDayRolls() throws {
        var feed = WidgetFeed(style: WidgetStyle(format: .plain))
        let tomorrow = try #require(today.adding(days: 1))
        let steps = [(false, today), (false, today), (false, today), (true, today), (false, today), (false, tomorrow), (false, tomorrow)]
        let asked = poll(&feed, steps, answer: presenter.present(Scenario.dueSoonOnly.summary))
        #expect(asked == [true, false, false, true, false, true, false])
    }

    @Test func aFailureIsRetriedEveryPollUntilAnAnswerComes() {
        var feed = WidgetFeed(style: WidgetStyle(format: .waybar))
        let failing = poll(&feed, [(false, today), (false, today), (false, today)], answer: presenter.failure("locked"))
        #expect(failing == [true, true, true])
        let recovered = poll(&feed, [(false, today), (false, today)], answer: presenter.present(Scenario.nothingDue.summary))
        #expect(recovered == [true, false])
    }

    @Test func printsOnlyWhenTheLineChanges() {
        var feed = WidgetFeed(style: WidgetStyle(format: .tmux))
        let printed = [Scenario.dueSoonOnly, .dueSoonOnly, .overdueOnly, .nothingDue, .nothingDue].map {
            feed.lines(for: presenter.present($0.summary))
        }
        #expect(printed == [
            ["#[fg=yellow]3 due soon: Dune (due today)#[default]"], [],
            ["#[fg=red]1 overdue: Cordless drill (1 day overdue)#[default]"], [""], [],
        ])
        let failures = [presenter.failure("one"), presenter.failure("two")].map { feed.lines(for: $0) }
        #expect(failures == [["#[fg=red]loans: error#[default]"], []])
    }

    @Test func theCivilDayRollingOverChangesTheLine() throws {
        let tomorrow = try #require(today.adding(days: 1))
        let loan = Loan(id: LoanID(1), title: "Dune", direction: .borrowed, counterparty: "Library", lentOn: today, dueOn: tomorrow)
        func text(on day: CivilDate) -> WidgetText {
            let policy = DuePolicy(today: day, window: .standard)
            return presenter.present(AgendaSummary(policy: policy, overdueCount: 0, dueSoonCount: 1, mostUrgent: policy.standing(of: loan)))
        }
        var feed = WidgetFeed(style: WidgetStyle(format: .plain))
        var printed: [String] = []
        for day in [today, today, tomorrow, tomorrow] where feed.needsAnswer(storeChanged: false, today: day) {
            printed += feed.lines(for: text(on: day))
        }
        #expect(printed == ["1 due soon: Dune (due tomorrow)", "1 due soon: Dune (due today)"])
    }

    @Test func i3barSpeaksTheWholeProtocol() throws {
        var feed = WidgetFeed(style: WidgetStyle(format: .i3bar, pango: true))
        let answers = [
            presenter.present(Scenario.dueSoonOnly.summary), presenter.present(Scenario.dueSoonOnly.summary),
            presenter.present(Scenario.both.summary), presenter.failure("gone"),
        ]
        let lines = answers.flatMap { feed.lines(for: $0) }
        #expect(lines.count == 5)
        #expect(lines.prefix(2) == [#"{"version":1}"#, "["])
        #expect(lines[2].hasPrefix("[{") && lines[3].hasPrefix(",[{") && lines[4].hasPrefix(",[{"))
        let header = try #require(BarReading.json(lines[0]))
        #expect(header["version"] as? Int == 1)
        let body = lines.dropFirst().joined(separator: "\n") + "\n]"
        let updates = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[[String: Any]]])
        #expect(updates.map(\.count) == [1, 1, 1])
        #expect(updates.map { $0[0]["full_text"] as? String } == [
            "3 due soon: Dune (due today)", "2 overdue · 3 due soon: The Hobb… (2 days overdue)", "loans: error",
        ])
        #expect(updates.allSatisfy { $0[0]["markup"] as? String == "pango" })
    }

    @Test func i3blocksPrintsOneFullTextLinePerUpdate() {
        var feed = WidgetFeed(style: WidgetStyle(format: .i3blocks))
        let printed = [Scenario.dueSoonOnly, .overdueOnly].flatMap { feed.lines(for: presenter.present($0.summary)) }
        #expect(printed == ["3 due soon: Dune (due today)", "1 overdue: Cordless drill (1 day overdue)"])
    }
}

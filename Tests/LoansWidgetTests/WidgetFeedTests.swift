import Foundation
import LoansCore
import LoansWidget
import LoansTestSupport
import Testing

/// `--watch` without I/O: what is printed for each answer, and the i3bar protocol's shape.
@Suite struct WidgetFeedTests {
    let presenter = WidgetPresenter()

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

import Foundation
import Testing

/// A row edited by hand into something loans could not have written is reported the same way by
/// every front — never silently left out of the agenda.
@Suite struct MalformedRowTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    var db: String { loans.folder + "/loans.db" }

    func seed(editing sql: String) throws {
        #expect(try loans("add", "Dune", "--to", "Ann", "--due", "2026-11-20", "--lent", "2026-11-01").status == 0)
        #expect(try loans("add", "Tent", "--from", "Bo", "--due", "2026-11-30").status == 0)
        try edit(sql)
    }

    /// Runs `sql` in `sqlite3` as someone editing the file by hand would. The search index's
    /// trigger calls a function only loans defines, so it is set aside for the edit and put back.
    func edit(_ sql: String) throws {
        let trigger = try loans.run("/usr/bin/sqlite3", [db, "SELECT sql FROM sqlite_schema WHERE name = 'loan_search_changed'"]).out
        let edit = try loans.run("/usr/bin/sqlite3", [db, "DROP TRIGGER IF EXISTS loan_search_changed; \(sql); \(trigger);"])
        #expect(edit.status == 0, "\(edit.err)")
    }

    static let reads: [[String]] = [
        [], ["agenda"], ["overdue"], ["due-soon"], ["list"], ["list", "--all"], ["json"], ["json", "all"],
        ["json", "overdue", "--ndjson"], ["widget"],
    ]

    @Test(arguments: ["soon", "", "2026-11-3x", "2026-02-30", "20261120", "2026-11-20 "])
    func aMalformedDueDateIsReportedEverywhere(_ value: String) throws {
        defer { loans.remove() }
        try seed(editing: "UPDATE loan SET due_on = '\(value)' WHERE id = 1")
        let message = "loans: loan 1 has a malformed due_on in the database\n"
        for command in Self.reads {
            let result = try loans.run(BinaryHarness.binary, command)
            #expect(result.status == 74 && result.out.isEmpty, "\(value) \(command): \(result.status) \(result.out)")
            #expect(result.err == message, "\(value) \(command)")
        }
        // The watching widget stops with the same failure (within a deadline: it must not keep watching).
        let watching = try Subprocess(BinaryHarness.binary, ["widget", "--watch"], environment: loans.environment, mergeErrors: true)
        defer { watching.stop() }
        let (code, output) = watching.finish(patience: 30)
        #expect(code == 74 && output == message, "\(value) widget --watch: \(String(describing: code)) \(output)")
        for format in ["i3bar", "waybar", "tmux"] {
            let bar = try loans("widget", "--format", format)
            #expect(bar.status == 0 && bar.out.contains("loans: error") && bar.err == message, "\(format): \(bar.err)")
        }
        // Every read reports it, even of another loan: the database holds a row loans cannot read.
        let other = try loans("show", "2")
        #expect(other.status == 74 && other.err == message)
    }

    @Test func otherMalformedColumnsOfAnOpenLoan() throws {
        defer { loans.remove() }
        try seed(editing: "UPDATE loan SET lent_on = 'x' WHERE id = 1")
        for command in [["agenda"], ["list"], ["json"], ["widget"]] {
            let result = try loans.run(BinaryHarness.binary, command)
            #expect(result.status == 74 && result.err.hasPrefix("loans: loan 1 has a malformed "), "\(command): \(result.err)")
        }
        try edit("UPDATE loan SET lent_on = '2026-11-01', title = CAST(x'ff' AS TEXT) WHERE id = 1")
        let title = try loans("list")
        #expect(title.status == 74 && title.err == "loans: loan 1 has a malformed title in the database\n", "\(title.err)")
    }

    /// The earlier due dates are one column of dates between commas: an empty part, a leading or
    /// trailing comma, or a part that is no date is malformed; two dates read as two renewals.
    @Test(arguments: [",", "2026-11-01,", ",2026-11-01", "2026-11-01,,2026-11-10", "2026-11-01;2026-11-10", "2026-11-01,x"])
    func aMalformedListOfEarlierDueDatesIsReported(_ value: String) throws {
        defer { loans.remove() }
        try seed(editing: "UPDATE loan SET previous_due_dates = '\(value)' WHERE id = 1")
        for command in [["list"], ["json"], ["widget"], ["widget", "--format", "waybar"]] {
            let result = try loans.run(BinaryHarness.binary, command)
            #expect(result.err == "loans: loan 1 has a malformed previous_due_dates in the database\n", "\(value) \(command): \(result.err)")
        }
        try edit("UPDATE loan SET previous_due_dates = '2026-11-05,2026-11-12' WHERE id = 1")
        let shown = try loans("json", "all")
        #expect(shown.status == 0 && shown.out.contains(#""renewals":2,"previous_due_dates":["2026-11-05","2026-11-12"]"#), "\(shown.out) \(shown.err)")
    }

    @Test func theTUIShowsTheSameFailure() throws {
        defer { loans.remove() }
        try seed(editing: "UPDATE loan SET due_on = 'soon' WHERE id = 1")
        let pane = try TUITmuxPane(loans, command: "loans tui", width: 100)
        defer { pane.close() }
        try pane.waitFor("Loans could not be loaded: loan 1 has a malformed due_on in the database")
        try pane.press("q")
        #expect(try pane.exitStatus() == 0)
    }
}

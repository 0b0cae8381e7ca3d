import Foundation
import Testing

/// `loans widget` as bars run it: the built binary, a real database, exit codes and streams.
@Suite struct WidgetEndToEndTests {
    let loans: BinaryHarness
    init() throws { loans = try BinaryHarness() }

    static let demoLines: [String: (status: Int32, out: String)] = [
        "plain": (0, "2 overdue · 3 due soon: The Hobbit (3 days overdue)\n"),
        "tmux": (0, "#[fg=red]2 overdue · 3 due soon: The Hobbit (3 days overdue)#[default]\n"),
        "i3blocks": (33, "2 overdue · 3 due soon: The Hobbit (3 days overdue)\n2 overdue · 3 due soon\n#FF5555\n"),
        "i3bar": (0, ##"{"name":"loans","full_text":"2 overdue · 3 due soon: The Hobbit (3 days overdue)","short_text":"2 overdue · 3 due soon","color":"#FF5555","urgent":true}"## + "\n"),
        "waybar": (0, ##"{"text":"2 overdue · 3 due soon: The Hobbit (3 days overdue)","alt":"overdue","tooltip":"2 overdue · 3 due soon"##
            + ##"\nThe Hobbit — lent to Alice, 3 days overdue\nCordless drill — lent to Sam next door, 1 day overdue"##
            + ##"\nDune — borrowed from City Library, due today\nCamping tent — borrowed from Priya, due in 2 days"##
            + ##"\nThe Pragmatic Programmer — borrowed from City Library, due in 6 days","class":"overdue","percentage":100}"## + "\n"),
        "i3status-rust": (0, ##"{"icon":"tasks","state":"Critical","text":"2 overdue · 3 due soon: The Hobbit (3 days overdue)","short_text":"2 overdue · 3 due soon"}"## + "\n"),
        "polybar": (0, "%{F#FF5555}2 overdue · 3 due soon: The Hobbit (3 days overdue)%{F-}\n"),
    ]

    @Test(arguments: demoLines.keys.sorted())
    func theDemoInEveryFormat(_ format: String) throws {
        defer { loans.remove() }
        let result = try loans("--demo", "widget", "--format", format, "--max-width", "60")
        let expected = try #require(WidgetEndToEndTests.demoLines[format])
        #expect(result.status == expected.status)
        #expect(result.out == expected.out)
        #expect(result.err.isEmpty)
    }

    @Test func plainIsTheDefaultAndFitsFiftyColumns() throws {
        defer { loans.remove() }
        #expect(try loans("--demo", "widget").out == "2 overdue · 3 due soon: The Hobb… (3 days overdue)\n")
        #expect(try loans("--demo", "widget", "--max-width", "20").out == "2 overdue · 3 due s…\n")
    }

    @Test func dueSoonOnlyIsYellowAndDoesNotMakeI3blocksUrgent() throws {
        defer { loans.remove() }
        try loans.must("add", "Dune", "--from", "City Library", "--due", "today")
        let blocks = try loans("widget", "--format", "i3blocks")
        #expect(blocks.status == 0)
        #expect(blocks.out == "1 due soon: Dune (due today)\n1 due soon\n#FFCC00\n")
        #expect(try loans("widget", "--format", "polybar").out == "%{F#FFCC00}1 due soon: Dune (due today)%{F-}\n")
    }

    @Test func nothingDueIsEmptyOrTheEmptyTextAndNeverCreatesTheDatabase() throws {
        defer { loans.remove() }
        #expect(try loans("widget").out == "\n")
        #expect(try loans("widget", "--format", "i3blocks").out == "\n\n\n")
        #expect(try loans("widget", "--format", "waybar", "--empty", "no loans").out
            == ##"{"text":"no loans","alt":"none","tooltip":"Nothing overdue or due soon.","class":"none","percentage":0}"## + "\n")
        #expect(try loans("widget", "--format", "tmux", "--empty", "C# #S").out == "C#### ####S\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: loans.folder).isEmpty)
    }

    static let failureShapes: [String: String] = [
        "tmux": "#[fg=red]loans: error#[default]\n",
        "i3blocks": "loans: error\nloans: error\n#FF5555\n",
        "i3bar": ##"{"name":"loans","full_text":"loans: error","short_text":"loans: error","color":"#FF5555"}"## + "\n",
        "i3status-rust": ##"{"icon":"tasks","state":"Critical","text":"loans: error","short_text":"loans: error"}"## + "\n",
        "polybar": "%{F#FF5555}loans: error%{F-}\n",
    ]

    @Test(arguments: failureShapes.keys.sorted())
    func aBarFormatShowsAFailureInItsOwnShapeAndExitsZero(_ format: String) throws {
        defer { loans.remove() }
        let result = try loans("--db", loans.folder, "widget", "--format", format)
        #expect(result.status == 0)
        #expect(result.out == WidgetEndToEndTests.failureShapes[format])
        #expect(result.err == "loans: cannot open database \"\(loans.folder)\": it is not a regular file\n")
    }

    @Test func waybarCarriesTheMessageInItsTooltip() throws {
        defer { loans.remove() }
        try Data("not a database, just text".utf8).write(to: URL(fileURLWithPath: loans.folder + "/loans.db"))
        let result = try loans("widget", "--format", "waybar")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "loans: error")
        #expect(object["class"] as? String == "error")
        #expect((object["tooltip"] as? String)?.hasPrefix("loans: cannot read database") == true)
        #expect(result.err.hasPrefix("loans: cannot read database"))
    }

    @Test func plainFailsWithTheDocumentedExitCode() throws {
        defer { loans.remove() }
        let result = try loans("--db", loans.folder, "widget")
        #expect(result.status == 74 && result.out.isEmpty)
        #expect(result.err == "loans: cannot open database \"\(loans.folder)\": it is not a regular file\n")
        try loans.tool("/usr/bin/sqlite3", loans.folder + "/new.db", "PRAGMA application_id = 1280262478; PRAGMA user_version = 99")
        let newer = try loans("--db", loans.folder + "/new.db", "widget", "--format", "plain")
        #expect(newer.status == 75 && newer.out.isEmpty)
        let bar = try loans("--db", loans.folder + "/new.db", "widget", "--format", "i3blocks")
        #expect(bar.status == 0 && bar.out == "loans: error\nloans: error\n#FF5555\n" && bar.err.contains("newer loans"))
    }

    @Test(arguments: [
        ["--format", "html"], ["--format", ""], ["--max-width", "0"], ["--max-width", "1001"], ["--max-width", "-5"],
        ["--max-width", "99999999999999999999999999"], ["--max-width", "ten"], ["--format", "tmux", "--pango"],
        ["--format", "polybar", "--pango"], ["--pango"], ["extra"],
    ])
    func badOptionsAreUsageErrors(_ arguments: [String]) throws {
        defer { loans.remove() }
        let result = try loans.run(BinaryHarness.binary, ["widget"] + arguments)
        #expect(!result.crashed)
        #expect(result.status == 64 && result.out.isEmpty)
        #expect(result.err.hasPrefix("loans: "))
    }

    @Test func aFixtureAndTheWindowAreHonoured() throws {
        defer { loans.remove() }
        let fixture = loans.folder + "/fixture.json"
        let document = """
            {"schema_version":1,"query":"all","generated_at":"2026-11-29T11:40:00Z","today":"2026-11-29","window_days":7,
             "summary":{"overdue":0,"due_soon":1},"loans":[{"id":1,"title":"Tent","direction":"borrowed",
             "counterparty":"Priya","lent_on":"2026-11-20","due_on":"2026-12-04","returned_on":null,"note":null,
             "renewals":0,"previous_due_dates":[],"status":"due_soon","days_until_due":5}]}
            """
        try Data(document.utf8).write(to: URL(fileURLWithPath: fixture))
        #expect(try loans("--fixture", fixture, "widget").out == "1 due soon: Tent (due in 5 days)\n")
        #expect(try loans("--fixture", fixture, "--window", "2", "widget").out == "\n")
        #expect(try loans("--fixture", fixture, "--today", "2026-12-05", "widget").out == "1 overdue: Tent (1 day overdue)\n")
    }
}

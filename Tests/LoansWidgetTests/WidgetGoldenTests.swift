import LoansCore
import LoansWidget
import Testing

/// The exact output of every format for nothing due, due soon only, overdue only, both, and
/// `--empty`.
@Suite struct WidgetGoldenTests {
    /// Wide enough for the contract's example line, which is 51 columns.
    let presenter = WidgetPresenter(maxWidth: 60)

    static let goldens: [WidgetFormat: [Scenario: [String]]] = [
        .plain: [
            .nothingDue: [""],
            .dueSoonOnly: ["3 due soon: Dune (due today)"],
            .overdueOnly: ["1 overdue: Cordless drill (1 day overdue)"],
            .both: ["2 overdue · 3 due soon: The Hobbit (2 days overdue)"],
        ],
        .tmux: [
            .nothingDue: [""],
            .dueSoonOnly: ["#[fg=yellow]3 due soon: Dune (due today)#[default]"],
            .overdueOnly: ["#[fg=red]1 overdue: Cordless drill (1 day overdue)#[default]"],
            .both: ["#[fg=red]2 overdue · 3 due soon: The Hobbit (2 days overdue)#[default]"],
        ],
        .i3blocks: [
            .nothingDue: ["", "", ""],
            .dueSoonOnly: ["3 due soon: Dune (due today)", "3 due soon", "#FFCC00"],
            .overdueOnly: ["1 overdue: Cordless drill (1 day overdue)", "1 overdue", "#FF5555"],
            .both: ["2 overdue · 3 due soon: The Hobbit (2 days overdue)", "2 overdue · 3 due soon", "#FF5555"],
        ],
        .i3bar: [
            .nothingDue: [##"{"name":"loans","full_text":"","short_text":""}"##],
            .dueSoonOnly: [##"{"name":"loans","full_text":"3 due soon: Dune (due today)","short_text":"3 due soon","color":"#FFCC00"}"##],
            .overdueOnly: [
                ##"{"name":"loans","full_text":"1 overdue: Cordless drill (1 day overdue)","short_text":"1 overdue","color":"#FF5555","urgent":true}"##,
            ],
            .both: [
                ##"{"name":"loans","full_text":"2 overdue · 3 due soon: The Hobbit (2 days overdue)","short_text":"2 overdue · 3 due soon","color":"#FF5555","urgent":true}"##,
            ],
        ],
        .waybar: [
            .nothingDue: [##"{"text":"","alt":"none","tooltip":"Nothing overdue or due soon.","class":"none","percentage":0}"##],
            .dueSoonOnly: [
                ##"{"text":"3 due soon: Dune (due today)","alt":"due-soon","tooltip":"3 due soon\nDune — borrowed from City Library, due today\n… and 2 more","class":"due-soon","percentage":50}"##,
            ],
            .overdueOnly: [
                ##"{"text":"1 overdue: Cordless drill (1 day overdue)","alt":"overdue","tooltip":"1 overdue\nCordless drill — lent to Sam, 1 day overdue","class":"overdue","percentage":100}"##,
            ],
            .both: [
                ##"{"text":"2 overdue · 3 due soon: The Hobbit (2 days overdue)","alt":"overdue","tooltip":"2 overdue · 3 due soon\nThe Hobbit — lent to Alice, 2 days overdue\n… and 4 more","class":"overdue","percentage":100}"##,
            ],
        ],
        .i3statusRust: [
            .nothingDue: [##"{"icon":"tasks","state":"Idle","text":"","short_text":""}"##],
            .dueSoonOnly: [##"{"icon":"tasks","state":"Warning","text":"3 due soon: Dune (due today)","short_text":"3 due soon"}"##],
            .overdueOnly: [
                ##"{"icon":"tasks","state":"Critical","text":"1 overdue: Cordless drill (1 day overdue)","short_text":"1 overdue"}"##,
            ],
            .both: [
                ##"{"icon":"tasks","state":"Critical","text":"2 overdue · 3 due soon: The Hobbit (2 days overdue)","short_text":"2 overdue · 3 due soon"}"##,
            ],
        ],
        .polybar: [
            .nothingDue: [""],
            .dueSoonOnly: ["%{F#FFCC00}3 due soon: Dune (due today)%{F-}"],
            .overdueOnly: ["%{F#FF5555}1 overdue: Cordless drill (1 day overdue)%{F-}"],
            .both: ["%{F#FF5555}2 overdue · 3 due soon: The Hobbit (2 days overdue)%{F-}"],
        ],
    ]

    static let emptyGoldens: [WidgetFormat: [String]] = [
        .plain: ["all clear"],
        .tmux: ["all clear"],
        .i3blocks: ["all clear", "all clear", ""],
        .i3bar: [##"{"name":"loans","full_text":"all clear","short_text":"all clear"}"##],
        .waybar: [##"{"text":"all clear","alt":"none","tooltip":"Nothing overdue or due soon.","class":"none","percentage":0}"##],
        .i3statusRust: [##"{"icon":"tasks","state":"Idle","text":"all clear","short_text":"all clear"}"##],
        .polybar: ["all clear"],
    ]

    @Test(arguments: WidgetFormat.allCases, Scenario.allCases)
    func eachFormatIsExact(_ format: WidgetFormat, _ scenario: Scenario) {
        let output = WidgetStyle(format: format).render(presenter.present(scenario.summary))
        #expect(output.lines == WidgetGoldenTests.goldens[format]?[scenario])
        #expect(output.urgent == (format == .i3blocks && (scenario == .overdueOnly || scenario == .both)))
    }

    @Test(arguments: WidgetFormat.allCases)
    func emptyTextReplacesNothing(_ format: WidgetFormat) {
        let presenter = WidgetPresenter(maxWidth: 60, empty: "all clear")
        let output = WidgetStyle(format: format).render(presenter.present(Scenario.nothingDue.summary))
        #expect(output.lines == WidgetGoldenTests.emptyGoldens[format])
        #expect(!output.urgent)
    }

    @Test func theDefaultWidthShortensTheTitleOfTheContractExample() {
        let text = WidgetPresenter().present(Scenario.both.summary)
        #expect(text.full == "2 overdue · 3 due soon: The Hobb… (2 days overdue)")
        #expect(text.short == "2 overdue · 3 due soon")
    }

    @Test func plainIsColouredOnlyWhenAsked() {
        let text = presenter.present(Scenario.both.summary)
        #expect(WidgetStyle(format: .plain, colour: true).render(text).lines == [
            "\u{1B}[31m2 overdue · 3 due soon: The Hobbit (2 days overdue)\u{1B}[0m",
        ])
        #expect(WidgetStyle(format: .plain, colour: true).render(presenter.present(Scenario.dueSoonOnly.summary)).lines == [
            "\u{1B}[33m3 due soon: Dune (due today)\u{1B}[0m",
        ])
        #expect(WidgetStyle(format: .plain, colour: true).render(presenter.present(Scenario.nothingDue.summary)).lines == [""])
        #expect(WidgetStyle(format: .tmux, colour: true).render(text).lines.first?.contains("\u{1B}") == false)
    }

    @Test func pangoMarksTheI3barBlockAndEscapesI3blocks() {
        let text = presenter.present(Scenario.titled("Tom & Jerry <3", due: 1))
        #expect(WidgetStyle(format: .i3bar, pango: true).render(text).lines == [
            ##"{"name":"loans","full_text":"1 due soon: Tom &amp; Jerry &lt;3 (due tomorrow)","short_text":"1 due soon","color":"#FFCC00","markup":"pango"}"##,
        ])
        #expect(WidgetStyle(format: .i3blocks, pango: true).render(text).lines == [
            "1 due soon: Tom &amp; Jerry &lt;3 (due tomorrow)", "1 due soon", "#FFCC00",
        ])
        #expect(WidgetStyle(format: .i3blocks).render(text).lines[0] == "1 due soon: Tom & Jerry <3 (due tomorrow)")
    }

    @Test(arguments: WidgetFormat.allCases)
    func aFailureIsShortAndInTheBarsOwnShape(_ format: WidgetFormat) {
        let text = presenter.failure("cannot open database \"/x\": it is not a regular file")
        let lines = WidgetStyle(format: format).render(text).lines
        let expected: [WidgetFormat: [String]] = [
            .plain: ["loans: error"],
            .tmux: ["#[fg=red]loans: error#[default]"],
            .i3blocks: ["loans: error", "loans: error", "#FF5555"],
            .i3bar: [##"{"name":"loans","full_text":"loans: error","short_text":"loans: error","color":"#FF5555"}"##],
            .waybar: [
                ##"{"text":"loans: error","alt":"error","tooltip":"loans: cannot open database &quot;/x&quot;: it is not a regular file","class":"error","percentage":0}"##,
            ],
            .i3statusRust: [##"{"icon":"tasks","state":"Critical","text":"loans: error","short_text":"loans: error"}"##],
            .polybar: ["%{F#FF5555}loans: error%{F-}"],
        ]
        #expect(lines == expected[format])
        #expect(!WidgetStyle(format: format).render(text).urgent)
    }
}

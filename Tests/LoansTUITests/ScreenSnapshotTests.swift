import LoansCore
import LoansTestSupport
import LoansText
import LoansTUI
import Testing

/// The screen buffer as text at 80×24, 120×40 and 20×5, with wide characters (CJK, emoji)
/// that must keep every column in place.
@Suite struct ScreenSnapshotTests {
    static func source() -> MemorySource {
        let source = MemorySource.demo()
        source.loan("日本語の本", "図書館", due: -2, direction: .borrowed)
        source.loan("Board game 🎲 night", "Jonas 👍", due: 1)
        source.loan("A title far too long to fit in its column on any screen at all", "Someone with a long name", due: 4)
        return source
    }

    /// Every loan row ends its relative day in the same column, whatever its characters.
    func expectAligned(_ screen: ScreenBuffer) {
        for line in screen.lines where line.contains("#") {
            let trimmed = line.prefix { _ in true }.reversed().drop { $0 == " " }.reversed()
            #expect(DisplayWidth.of(String(trimmed)) == screen.width - 1, "\(line)")
        }
    }

    @Test func hostileTitlesAndNotesReachTheBufferAsPlainText() {
        let source = MemorySource.demo()
        source.loan("\u{1B}]0;owned\u{07}\u{1B}[31mred\u{9B}2J\u{202E}", "\u{1B}[2J", due: -1, note: "a\u{1B}[1m\nb\u{0}")
        var app = TUIApp(source: source, width: 80, height: 24)
        let unsafe = { (text: String) in text.unicodeScalars.contains { $0.isTerminalControl && $0 != "\n" } }
        #expect(!unsafe(app.text))
        #expect(app.text.contains("]0;owned  [31mred 2J"))
        app.press(.character("g"), .enter)
        #expect(!unsafe(app.text))
    }

    @Test func agendaAt80x24() {
        let app = TUIApp(source: Self.source(), width: 80, height: 24)
        expectAligned(app.screen)
        #expect(app.text == goldenAgenda80)
    }

    @Test func agendaAt120x40WithTheCursorMoved() {
        var app = TUIApp(source: Self.source(), width: 120, height: 40)
        app.press(.down, .down)
        expectAligned(app.screen)
        #expect(app.text == goldenAgenda120)
        #expect(app.screen.cell(row: 4, column: 1).style.inverse)
        #expect(app.screen.cell(row: 2, column: 1).style == Style(.overdue, bold: true))
    }

    @Test func tooSmallAt20x5AndBackWithTheCursorKept() {
        var app = TUIApp(source: Self.source(), width: 80, height: 24)
        app.press(.down, .down)
        app.handle(.resize(width: 20, height: 5))
        #expect(app.text == goldenSmall)
        app.handle(.resize(width: 80, height: 24))
        #expect(app.frame.visibleIDs.count == 8)
        app.press(.enter)
        #expect(app.text == goldenDetail80)
    }

    @Test func aFormWithWideCharactersKeepsTheCursorInPlace() {
        var app = TUIApp(source: Self.source(), width: 80, height: 24)
        app.press(.character("a"))
        app.type("漢字 ✨ ok")
        #expect(app.screen.cursor == CursorPosition(row: 3, column: 19 + 10))
        app.press(.tab, .tab)
        app.type("Bob")
        #expect(app.text == goldenForm80)
        #expect(app.screen.cursor == CursorPosition(row: 5, column: 19 + 3))
    }

    @Test(arguments: [
        (40, 8, false), (41, 9, false), (59, 13, false), (200, 60, false), (39, 24, true), (80, 7, true), (18, 2, true),
        (1, 1, false), (0, 0, false),
    ])
    func everySizeDrawsWithoutTrapping(_ width: Int, _ height: Int, _ tooSmall: Bool) {
        var app = TUIApp(source: Self.source(), width: 80, height: 24)
        app.handle(.resize(width: width, height: height))
        let screen = app.screen
        #expect(screen.lines.count == height)
        #expect(screen.lines.allSatisfy { DisplayWidth.of($0) == width })
        #expect(app.text.contains("Terminal too small") == tooSmall)
    }
}

private let goldenAgenda80 = """
             loans │ Today: Sun 2026-11-29 · Due soon: within 7 days                 Agenda
             OVERDUE (3)
             ▸ #1  The Hobbit                    to Alice                    3 days overdue
               #7  日本語の本                    from 図書館                 2 days overdue
               #2  Cordless drill                to Sam next door             1 day overdue
             DUE SOON (5)
               #3  Dune                          from City Library                Due today
               #8  Board game 🎲 night           to Jonas 👍                   Due tomorrow
               #4  Camping tent                  from Priya                   Due in 2 days
               #9  A title far too long to fit…  to Someone with a long …     Due in 4 days
               #5  The Pragmatic Programmer      from City Library            Due in 6 days












             ⏎ open  a add  e edit  r return  n renew  x remove  / filter  ? help  q quit
            """

private let goldenAgenda120 = """
             loans │ Today: Sun 2026-11-29 · Due soon: within 7 days                                                         Agenda
             OVERDUE (3)
               #1  The Hobbit                                          to Alice                                      3 days overdue
               #7  日本語の本                                          from 図書館                                   2 days overdue
             ▸ #2  Cordless drill                                      to Sam next door                               1 day overdue
             DUE SOON (5)
               #3  Dune                                                from City Library                                  Due today
               #8  Board game 🎲 night                                 to Jonas 👍                                     Due tomorrow
               #4  Camping tent                                        from Priya                                     Due in 2 days
               #9  A title far too long to fit in its column on any …  to Someone with a long name                    Due in 4 days
               #5  The Pragmatic Programmer                            from City Library                              Due in 6 days




























             ⏎ open  a add  e edit  r return  n renew  x remove  / filter  Tab all open  u undo  ^R redo  ? help  q quit
            """

private let goldenSmall = """

             Terminal too small
              20×5, needs 40×8


            """

private let goldenDetail80 = """
             loans │ Today: Sun 2026-11-29 · Due soon: within 7 days                Loan #2
             Loan #2

              Title        Cordless drill
              Direction    lent (I gave it)
              Lent to      Sam next door
              Lent on      Fri 2026-10-30
              Due on       Sat 2026-11-28 · 1 day overdue
              Returned on  not yet
              Renewals     0
              Note         none












             e edit  r return  n renew  x remove  u undo  ^R redo  ? help  q back
            """

private let goldenForm80 = """
             loans │ Today: Sun 2026-11-29 · Due soon: within 7 days             Add a loan
             Add a loan

                Title         [漢字 ✨ ok                            ]
                Direction     ‹ lent — I gave it to them ›
              › Counterparty  [Bob                                   ]
                Lent on       [                                      ]  → Sun 2026-11-29
                Due on        [+7d                                   ]  → Sun 2026-12-06
                Note          [                                      ]














             ⏎ save  Esc cancel  Tab/↑↓ field  ←→ cursor
            """

import LoansCore
import LoansText
import LoansWidget
import Testing

/// `--max-width`: display columns of the visible text (CJK and emoji 2, combining marks and
/// joiners 0, a grapheme the sum of its code points), the title shortened by whole graphemes
/// with `…`.
@Suite struct WidgetWidthTests {
    /// "1 overdue: " + title + " (2 days overdue)": 28 columns around the title.
    static let frame = 28

    @Test(arguments: [
        ("abcdefghij", 10, "abcdefgh…"),
        ("日本語の本", 10, "日本語の…"),
        ("👩‍👩‍👧‍👦👩‍👩‍👧‍👦x", 17, "👩‍👩‍👧‍👦…"),
        ("cafe\u{301}s", 5, "caf…"),
        ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}…"),
        ("ａｂｃ", 6, "ａｂ…"),
        ("🇫🇷🇩🇪", 4, "🇫🇷…"),
    ])
    func titlesFitExactlyAndOneColumnLessShortens(_ title: String, _ columns: Int, _ shortened: String) {
        #expect(DisplayWidth.of(title) == columns)
        let fitting = WidgetPresenter(maxWidth: WidgetWidthTests.frame + columns).present(Scenario.titled(title))
        #expect(fitting.full == "1 overdue: \(title) (2 days overdue)")
        #expect(DisplayWidth.of(fitting.full) == WidgetWidthTests.frame + columns)
        let tight = WidgetPresenter(maxWidth: WidgetWidthTests.frame + columns - 1).present(Scenario.titled(title))
        #expect(tight.full == "1 overdue: \(shortened) (2 days overdue)")
        #expect(DisplayWidth.of(tight.full) <= WidgetWidthTests.frame + columns - 1)
    }

    @Test(arguments: [1, 2, 5, 9, 10, 20, 29, 30, 31, 50, 1000])
    func nothingIsEverWiderThanAsked(_ width: Int) {
        for title in ["The Hobbit", "日本語の本です", "👩‍👩‍👧‍👦👩‍👩‍👧‍👦", "a\u{301}\u{302}\u{303}bc"] {
            let text = WidgetPresenter(maxWidth: width).present(Scenario.titled(title))
            #expect(DisplayWidth.of(text.full) <= width)
            #expect(DisplayWidth.of(text.short) <= width)
        }
        let empty = WidgetPresenter(maxWidth: width, empty: "日本語の本です and more").present(Scenario.nothingDue.summary)
        #expect(DisplayWidth.of(empty.full) <= width)
    }

    /// tmux 3.3a draws each of the family's four people in 2 columns: twelve families are 96.
    @Test func aTitleOfTwelveFamiliesFitsSixtyColumns() {
        let title = String(repeating: "👨‍👩‍👧‍👦", count: 12)
        let text = WidgetPresenter(maxWidth: 60).present(Scenario.titled(title))
        #expect(text.full == "1 overdue: 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦… (2 days overdue)")
        #expect(DisplayWidth.of(text.full) == 53)
    }

    @Test func tooNarrowForTheTitleShowsTheCountsAlone() {
        #expect(WidgetPresenter(maxWidth: 30).present(Scenario.titled("The Hobbit")).full == "1 overdue: T… (2 days overdue)")
        #expect(WidgetPresenter(maxWidth: 29).present(Scenario.titled("The Hobbit")).full == "1 overdue")
        #expect(WidgetPresenter(maxWidth: 5).present(Scenario.titled("The Hobbit")).full == "1 ov…")
        #expect(WidgetPresenter(maxWidth: 1).present(Scenario.titled("The Hobbit")).full == "…")
    }

    @Test func zeroWidthMarksCannotMakeALineEndless() {
        let zalgo = String(repeating: "a" + String(repeating: "\u{301}", count: 400), count: 20)
        let text = WidgetPresenter(maxWidth: 1000).present(Scenario.titled(zalgo))
        #expect(text.full.utf8.count <= WidgetFitting.maximumBytes)
        #expect(text.full.hasSuffix("… (2 days overdue)"))
        #expect(text.tooltip.utf8.count <= 3 * WidgetFitting.maximumBytes)
    }

    @Test func i3blocksLinesStayWithinItsBuffersAfterEscaping() {
        let title = String(repeating: "'&", count: 400)
        for pango in [false, true] {
            let style = WidgetStyle(format: .i3blocks, pango: pango)
            let presenter = WidgetPresenter(maxWidth: 1000, maxBytes: style.visibleBytes)
            let lines = style.render(presenter.present(Scenario.titled(title))).lines
            #expect(lines.allSatisfy { $0.utf8.count < 512 }, "\(lines.map(\.utf8.count))")
        }
    }
}

import LoansCore
import LoansWidget
import LoansTestSupport
import Testing

/// Hostile titles through every format: each bar must display the title literally (as its
/// parsing reads the line back), never a tag, an expansion, a control character or a command.
@Suite struct WidgetInjectionTests {
    static let titles = [
        "#{host}", "#S and #H", "#[fg=red]red#[default]", "#(touch /tmp/loans-pwned)", "Learn C#", "##[x] ###",
        "<b>&amp;</b> & 'q' \"dq\"", "%{A1:touch /tmp/loans-pwned:}x%{A}", "%{F#ff0000}red%{F-} 100%",
        "\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07}", "two\nlines\r\nthree\ttabs", "C1\u{9B}31m DEL\u{7F} NUL\u{0}",
        "bidi \u{202E}desrever\u{202C}", "\"}], \\ {\"text\":\"x", "%{\u{301}A1:x:}#\u{301}[fg=red]<\u{301}b>",
        "line\u{2028}sep\u{2029}", "#", "%", "}{", "&",
    ]

    static let presenter = WidgetPresenter(maxWidth: 200)

    /// The visible text the presenter made; every bar must show exactly this.
    static func visible(_ title: String) -> WidgetText {
        presenter.present(Scenario.titled(title))
    }

    @Test(arguments: titles)
    func theVisibleTextHasNoControlCharacters(_ title: String) {
        let text = WidgetInjectionTests.visible(title)
        #expect(!BarReading.hasControl(text.full) && !BarReading.hasControl(text.short))
        #expect(!text.full.unicodeScalars.contains { SafeTextProbe.bidi.contains($0) })
    }

    @Test(arguments: WidgetFormat.allCases, titles)
    func everyBarShowsTheTitleLiterally(_ format: WidgetFormat, _ title: String) throws {
        let text = WidgetInjectionTests.visible(title)
        let output = WidgetStyle(format: format).render(text)
        for line in output.lines {
            #expect(!BarReading.hasControl(line), "\(line.debugDescription)")
        }
        let line = try #require(output.lines.first)
        switch format {
        case .plain:
            #expect(output.lines == [text.full])
        case .tmux:
            #expect(BarReading.tmux(line) == text.full, "\(line)")
        case .polybar:
            #expect(BarReading.polybar(line) == text.full, "\(line)")
        case .i3blocks:
            #expect(output.lines == [text.full, text.short, "#FF5555"])
        case .i3bar:
            let block = try #require(BarReading.json(line))
            #expect(block["full_text"] as? String == text.full)
            #expect(block["short_text"] as? String == text.short)
        case .waybar:
            let object = try #require(BarReading.json(line))
            #expect(BarReading.pango(try #require(object["text"] as? String)) == text.full)
            #expect(BarReading.pango(try #require(object["tooltip"] as? String)) == text.tooltip)
        case .i3statusRust:
            let object = try #require(BarReading.json(line))
            #expect(BarReading.pango(try #require(object["text"] as? String)) == text.full)
            #expect(BarReading.pango(try #require(object["short_text"] as? String)) == text.short)
        }
    }

    @Test(arguments: [WidgetFormat.i3bar, .i3blocks], titles)
    func pangoModeEscapesI3barAndI3blocks(_ format: WidgetFormat, _ title: String) throws {
        let text = WidgetInjectionTests.visible(title)
        let line = try #require(WidgetStyle(format: format, pango: true).render(text).lines.first)
        let shown = format == .i3bar ? try #require(BarReading.json(line)?["full_text"] as? String) : line
        #expect(BarReading.pango(shown) == text.full, "\(shown)")
    }

    @Test(arguments: WidgetFormat.allCases, titles)
    func emptyTextFromTheUserIsDataToo(_ format: WidgetFormat, _ title: String) throws {
        let text = WidgetPresenter(maxWidth: 200, empty: title).present(Scenario.nothingDue.summary)
        let line = try #require(WidgetStyle(format: format).render(text).lines.first)
        #expect(!BarReading.hasControl(line))
        switch format {
        case .tmux: #expect(BarReading.tmux(line) == text.full, "\(line)")
        case .polybar: #expect(BarReading.polybar(line) == text.full)
        case .waybar: #expect(BarReading.pango(try #require(BarReading.json(line)?["text"] as? String)) == text.full)
        case .i3statusRust: #expect(BarReading.pango(try #require(BarReading.json(line)?["text"] as? String)) == text.full)
        case .i3bar: #expect(BarReading.json(line)?["full_text"] as? String == text.full)
        case .plain, .i3blocks: #expect(line == text.full)
        }
    }

    @Test func aTrailingHashBeforeLoansOwnTagIsEscapedForTheTag() {
        let styled = WidgetText(state: .overdue, full: "C#", short: "", heading: "")
        #expect(WidgetStyle(format: .tmux).render(styled).lines == ["#[fg=red]C###[default]"])
        let bare = WidgetText(state: .nothingDue, full: "C#", short: "", heading: "")
        #expect(WidgetStyle(format: .tmux).render(bare).lines == ["C####"])
        let runs = WidgetText(state: .nothingDue, full: "#[ ##{ ###", short: "", heading: "")
        #expect(WidgetStyle(format: .tmux).render(runs).lines == ["##[ ########{ ############"])
    }

    @Test func polybarBreaksEveryPercentBrace() {
        let text = WidgetText(state: .nothingDue, full: "%{A1:x:}%%{F-}%", short: "", heading: "")
        #expect(WidgetStyle(format: .polybar).render(text).lines == ["%%{O0}{A1:x:}%%%{O0}{F-}%"])
        #expect(BarReading.polybar("%%{O0}{A1:x:}%%%{O0}{F-}%") == "%{A1:x:}%%{F-}%")
    }
}

/// The bidirectional marks SafeText turns into spaces.
enum SafeTextProbe {
    static let bidi: Set<Unicode.Scalar> = ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]
}

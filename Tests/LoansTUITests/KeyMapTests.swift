import LoansCore
import LoansTestSupport
import LoansTUI
import Testing

/// One key map drives the keys, the footer and the help: checked over every mode by pressing
/// keys on the app itself — each key the footer offers does something, and each key that does
/// something is bound in the map and listed by the help under its mode's heading.
@Suite struct KeyMapTests {
    /// A way to reach each mode, with the cursor, the scroll or the text cursor away from an end,
    /// so that every offered key has something to do. Each run starts from a new source.
    static let scenarios: [Scenario] = [
        ("list", { _, _ in }),
        ("list, filtered", { app, _ in app.press(.character("/")); app.type("o"); app.press(.enter) }),
        ("returned", { app, _ in app.press(.character("r"), .enter, .tab, .tab) }),
        ("empty returned view", { app, _ in app.press(.tab, .tab) }),
        ("filtering", { app, _ in app.press(.character("/")); app.type("o"); app.press(.down) }),
        ("filtering, empty", { app, _ in app.press(.character("/"), .down) }),
        ("detail", { app, _ in app.press(.enter) }),
        ("detail, scrolled", { app, _ in app.press(.end, .enter, .down) }),
        ("returned detail", { app, _ in app.press(.character("r"), .enter, .tab, .tab, .enter) }),
        ("edit form", { app, _ in app.press(.character("e"), .left) }),
        ("add form, a name to complete", { app, _ in app.press(.character("a"), .tab, .tab); app.type("Sa"); app.press(.left) }),
        ("renew form", { app, _ in app.press(.character("n"), .left) }),
        ("direction field", { app, _ in app.press(.character("e"), .tab) }),
        ("direction field of a borrowed loan", { app, _ in app.press(.down, .down, .character("e"), .tab) }),
        ("discard question", { app, _ in app.press(.character("e")); app.type("!"); app.press(.escape) }),
        ("remove question", { app, _ in app.press(.character("x")) }),
        ("help", { app, _ in app.press(.character("?"), .down) }),
        ("failure", { app, source in
            source.store.failure = StoreError(.unavailable, "database is locked")
            app.handle(.changed)
        }),
        ("gone", { app, source in
            app.press(.enter)
            _ = try? RemoveLoan(store: source.store).run(LoanID(1))
            app.handle(.changed)
        }),
    ]

    typealias Scenario = (name: String, reach: @Sendable (inout TUIApp, MemorySource) -> Void)

    /// The demo's loans, the last with a note longer than any screen.
    static func source() -> MemorySource {
        let source = MemorySource.demo()
        source.loan("Notebook", due: 7, note: (1...60).map { "Line \($0)" }.joined(separator: "\n"))
        return source
    }

    static func reached(_ scenario: Scenario) -> TUIApp {
        let source = source()
        var app = TUIApp(source: source, width: 100, height: 24)
        scenario.reach(&app, source)
        return app
    }

    /// Whether pressing `key` does anything: the screen changes, or the TUI ends.
    static func doesSomething(_ key: Key, in scenario: Scenario) -> Bool {
        var app = reached(scenario)
        let before = app.frame
        app.handle(.key(key))
        return app.frame != before || app.isFinished
    }

    static let universe: [Key] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 /?!.,-+#".map { Key.character($0) }
        + "abcdefghijklmnopqrstuvwxyz".map { Key.control($0) }
        + [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .tab, .backTab, .backspace, .delete]

    /// The keys the help lists under the heading of each group of a mode: the key column's words.
    static func helpKeys(_ mode: KeyMode) -> Set<String> {
        let titles = Set(KeyMap.groups(mode).map(\.title))
        var keys: Set<String> = []
        var inSection = false
        for line in HelpPresenter.lines {
            if !line.hasPrefix(" ") {
                inSection = titles.contains(line)
            } else if inSection, line.hasPrefix("  "), line.dropFirst(2).first != " " {
                let column = line.dropFirst(2).split(separator: "  ", maxSplits: 1).first ?? ""
                keys.formUnion(column.split(separator: " ").map(String.init))
            }
        }
        return keys
    }

    @Test func everyScenarioReachesItsMode() {
        let modes = KeyMapTests.scenarios.map { KeyMapTests.reached($0).keyMode }
        #expect(Set(modes) == Set(KeyMode.allCases), "\(modes)")
    }

    /// The footer shows the key map's hints, and every key a hint stands for works.
    @Test(arguments: KeyMapTests.scenarios.indices)
    func everyKeyTheFooterShowsWorks(_ index: Int) {
        let scenario = KeyMapTests.scenarios[index]
        let app = KeyMapTests.reached(scenario)
        let footer = KeyMap.footer(app.keyMode, app.keyContext)
        #expect(app.frame.hints == footer.map(\.hint), "\(scenario.name)")
        #expect(!footer.isEmpty, "\(scenario.name)")
        for (hint, keys) in footer {
            for key in keys {
                #expect(KeyMapTests.doesSomething(key, in: scenario), "\(scenario.name): \(hint.key) \(hint.action): \(key) does nothing")
            }
        }
    }

    /// The footer lists exactly the keys that work: every key that does something is offered,
    /// but for moving, scrolling and editing text, and the direction field's `l` and `b` (what
    /// its `Space` toggles), which the help lists.
    @Test(arguments: KeyMapTests.scenarios.indices)
    func everyKeyThatWorksIsOfferedInTheFooter(_ index: Int) {
        let scenario = KeyMapTests.scenarios[index]
        let app = KeyMapTests.reached(scenario)
        let mode = app.keyMode
        let offered = KeyMap.footer(mode, app.keyContext).flatMap(\.keys)
        for key in KeyMapTests.universe where KeyMapTests.doesSomething(key, in: scenario) {
            if mode == .filtering || mode == .form, case .character = key { continue }
            switch KeyMap.action(for: key, in: mode, app.keyContext) {
            case .down?, .up?, .pageDown?, .pageUp?, .first?, .last?, .text?, .closeFilter?, .lent?, .borrowed?: continue
            default: #expect(offered.contains(key), "\(scenario.name): \(key.name) works but the footer does not offer it")
            }
        }
    }

    /// Every key that does something is bound in the mode's key map and named by the help under
    /// the mode's heading (in text modes, characters are text and the help says so).
    @Test(arguments: KeyMapTests.scenarios.indices)
    func everyKeyThatDoesSomethingIsInTheHelp(_ index: Int) {
        let scenario = KeyMapTests.scenarios[index]
        let app = KeyMapTests.reached(scenario)
        let mode = app.keyMode
        let listed = KeyMapTests.helpKeys(mode)
        for key in KeyMapTests.universe where KeyMapTests.doesSomething(key, in: scenario) {
            if mode == .filtering || mode == .form, case .character = key { continue }
            #expect(KeyMap.action(for: key, in: mode, app.keyContext) != nil, "\(scenario.name): \(key) works but the key map does not bind it")
            #expect(listed.contains(key.name), "\(scenario.name): the help does not list \(key.name) under \(KeyMap.groups(mode).map(\.title))")
        }
    }

    /// Dates as the parser reads them: every form, spelled as typed; and the filter matches notes.
    @Test func theHelpNamesEveryDateFormAndWhatTheFilterMatches() {
        let text = HelpPresenter.lines.joined(separator: "\n")
        for form in ["YYYY-MM-DD", "today", "tomorrow", "yesterday", "mon", "fri", "sunday", "+Nd", "+Nw", "+Nm", "+Ny", "eow", "eom"] {
            #expect(text.contains(form), "\(form)")
        }
        for form in DateForms.all.explained {
            #expect(HelpPresenter.lines.contains { $0.hasPrefix("  " + form.spelling) }, "\(form.spelling)")
        }
        let filter = HelpPresenter.lines.first { $0.contains("filter by") } ?? ""
        #expect(filter.contains("title") && filter.contains("counterparty") && filter.contains("note"), "\(filter)")
    }

    /// The help's first screen and its end, as laid out at 80×24.
    @Test func theHelpAt80x24() {
        var app = TUIApp(source: KeyMapTests.source(), width: 80, height: 24)
        app.press(.character("?"))
        #expect(app.text == goldenHelpTop)
        for _ in 0..<20 { app.press(.pageDown) }
        #expect(app.text == goldenHelpEnd)
    }
}

private let goldenHelpTop = """
     loans │ Today: Sun 2026-11-29 · Due soon: within 7 days                   Help
     Keys

     Moving in the list
       ↓ j                       next loan
       ↑ k                       previous loan
       PgDn Space Ctrl-F Ctrl-D  a page down
       PgUp Ctrl-B Ctrl-U        a page up
       Home g                    first loan
       End G                     last loan

     The list: Agenda, All open, Returned
       ⏎ → l                     the loan's detail
       a                         add a loan
       e                         edit the loan under the cursor
       r                         return it (asks for the day)
       n                         renew it (asks for the new due date)
       o                         reopen a returned loan
       x                         remove it for good (asks first)
       /                         filter by title, counterparty or note (Agenda,
                                 All open)
       Tab                       the next view: Agenda, All open, Returned

     ↑↓ scroll  q back
    """

private let goldenHelpEnd = """
     loans │ Today: Sun 2026-11-29 · Due soon: within 7 days                   Help
     Keys


     Mouse
       wheel                     scrolls the list, the detail and the help
       click                     selects a loan; a second click opens it

     Dates
       YYYY-MM-DD                that day
       today tomorrow yesterday  today, the day after, the day before
       mon tue wed thu fri sat sun
                                 the next such day after today, never today
       monday … sunday           the same, in full
       +Nd +Nw +Nm +Ny           N days, weeks, months or years from today (a
                                 month on from Jan 31 is Feb 28)
       eow eom                   this Sunday (today on a Sunday); the last day of
                                 this month
       Words and units in any letter case: Tomorrow, FRI, +2W.
       In a renewal, +N counts from the current due date (+N alone: days). A new
       loan's lent date may be left empty: it then means today, or the due date
       when that is earlier.

     ↑↓ scroll  q back
    """

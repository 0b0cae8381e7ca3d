import LoansCore
import LoansTUI
import Testing

/// Text entry by grapheme cluster, as keys arrive from a terminal (one code point each), and
/// pasted text that stays text.
@Suite struct TextEntryTests {
    /// Types text the way a terminal delivers it: one code point per key.
    func typed(_ text: String, into input: inout TextInput) {
        for scalar in text.unicodeScalars { input.apply(.character(Character(scalar))) }
    }

    @Test func backspaceRemovesAWholeFamilyTypedOneCodePointAtATime() {
        var input = TextInput()
        typed("ab👨‍👩‍👧", into: &input)
        #expect(input.text == "ab👨‍👩‍👧" && input.cursor == 3)
        input.apply(.backspace)
        #expect(input.text == "ab")
        #expect(!input.text.unicodeScalars.contains("\u{200D}"))
    }

    @Test func arrowsAndDeleteMoveOverWholeGraphemes() {
        var input = TextInput()
        typed("x👍🏽e\u{301}🇯🇵y", into: &input)
        #expect(input.cursor == 5)
        input.apply(.left)
        input.apply(.left)
        #expect(input.cursor == 3)
        input.apply(.backspace)
        #expect(input.text == "x👍🏽🇯🇵y")
        input.apply(.delete)
        #expect(input.text == "x👍🏽y" && input.cursor == 2)
        input.apply(.left)
        input.apply(.delete)
        #expect(input.text == "xy" && input.cursor == 1)
    }

    @Test func aCombiningMarkTypedBeforeTheCursorJoinsItsLetterAndTheCursorStaysBetweenGraphemes() {
        var input = TextInput("e")
        input.apply(.home)
        typed("a\u{301}", into: &input)
        #expect(input.text == "áe" && input.cursor == 1)
        var flag = TextInput("🇺X🇸")
        flag.apply(.left)
        flag.apply(.backspace)
        #expect(flag.text == "🇺🇸" && flag.cursor == 1)
        flag.apply(.backspace)
        #expect(flag.text.isEmpty)
    }

    @Test func theVisiblePartIsMeasuredAroundTheCursor() {
        var input = TextInput(String(repeating: "界", count: 30_000))
        let end = input.visible(columns: 10)
        #expect(end.cursorColumn == 8 && end.text.count == 4)
        input.apply(.home)
        let start = input.visible(columns: 10)
        #expect(start.cursorColumn == 0 && start.text.count == 5)
        input.insert("line\nbreak")
        #expect(input.visible(columns: 12).text.hasPrefix("line↵break"))
    }

    @Test func pastedControlsBecomeSpacesAndNewlinesStayOnlyInANote() {
        #expect(TextInput.pastable("a\nb\u{1B}[31mc\td\u{9B}", keepingNewlines: false) == "a b [31mc d ")
        #expect(TextInput.pastable("a\nb\u{1B}c", keepingNewlines: true) == "a\nb c")
        #expect(TextInput.pastable("日本 👨‍👩‍👧", keepingNewlines: false) == "日本 👨‍👩‍👧")
    }

    /// A paste with newlines and ESC in the add form lands in the focused field and neither
    /// submits nor cancels; the list ignores a paste, so none of its letters act as commands.
    @Test func aPasteIsTextInTheFormAndNothingOnTheList() throws {
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 80, height: 24)
        app.handle(.paste("xyq\n\u{1B}a"))
        #expect(app.router.current == .agenda && !app.isFinished)
        #expect(source.writes == 0)
        app.press(.character("a"))
        app.handle(.paste("Snow\nshovel\u{1B}x y\n"))
        #expect(app.router.current == .add)
        app.press(.tab, .tab)
        app.handle(.paste("Neigh\nbour"))
        app.press(.tab, .tab, .tab)
        app.handle(.paste("first line\nsecond\u{1B}"))
        app.press(.enter)
        #expect(source.writes == 1)
        let loan = try #require(try source.store.loan(LoanID(7)))
        #expect(loan.title == "Snow shovel x y" && loan.counterparty == "Neigh bour")
        #expect(loan.note == "first line\nsecond ")
        app.press(.character("x"))
        app.handle(.paste("y"))
        #expect(try source.store.loan(LoanID(7)) != nil)
        #expect(app.router.current == .remove(LoanID(7)))
    }

    @Test func aPasteGoesIntoTheFilterBeingTyped() {
        var app = TUIApp(source: MemorySource.demo(), width: 80, height: 24)
        app.press(.character("/"))
        app.handle(.paste("city\nlib"))
        #expect(app.frame.context == "Agenda · /city lib")
        #expect(app.frame.visibleIDs == [LoanID(3), LoanID(5)])
    }
}

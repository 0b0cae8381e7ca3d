import LoansCore
import LoansTestSupport
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
        var input = TextInput(String(repeating: "界", count: 30_000), capacity: 40_000)
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

    /// The filter holds what a form field holds, `TextInput.standardCapacity` characters (the
    /// longest text a loan has, a note), so a 400 KB paste fills it and the rest is refused —
    /// saying so on the filter's line, never cut without a word; then every key costs what a key
    /// costs in a short filter (a full filter is not searched again for a refused key).
    @Test func theFilterHoldsAtMostTheFieldsCapAndSaysWhenItRefuses() {
        let capacity = TextInput.standardCapacity
        #expect(capacity == LoanRules.noteLimit)
        let source = MemorySource.demo()
        var app = TUIApp(source: source, width: 100, height: 24)
        app.press(.character("/"))
        let chunk = String(repeating: "abcdefghij", count: 400)
        for _ in 0..<100 { app.handle(.paste(chunk)) }
        guard case .filter(let input, let note)? = app.frame.status else {
            Issue.record("no filter line: \(String(describing: app.frame.status))")
            return
        }
        #expect(input.count == capacity && input.text.count == capacity)
        #expect(note == "the filter holds at most \(capacity) characters: the rest of the paste was not taken", "\(String(describing: note))")
        #expect(app.text.contains("the filter holds at most \(capacity) characters"), "\(app.text)")
        #expect(app.browser.filter?.count == capacity)
        app.type("k")
        guard case .filter(let full, let typedNote)? = app.frame.status else { return }
        #expect(full.count == capacity && typedNote == "the filter holds at most \(capacity) characters")
        app.press(.backspace)
        guard case .filter(let shorter, let cleared)? = app.frame.status else { return }
        #expect(shorter.count == capacity - 1 && cleared == nil, "the note goes with the next key that is taken")
        #expect(app.browser.filter?.count == capacity - 1)
        #expect(app.frame.context.count < 200, "the header shows the start of a long filter, not all of it")
    }

    /// A form field takes the same cap, and says so under the form.
    @Test func aFormFieldHoldsAtMostTheCapAndSaysWhenItRefuses() {
        let capacity = TextInput.standardCapacity
        var app = TUIApp(source: MemorySource.demo(), width: 100, height: 24)
        app.press(.character("a"))
        app.handle(.paste(String(repeating: "x", count: capacity + 10)))
        guard case .form(let form) = app.frame.body else {
            Issue.record("no form")
            return
        }
        #expect(form.fields[0].input.count == capacity)
        #expect(app.text.contains("Title holds at most \(capacity) characters: the rest of the paste was not taken"), "\(app.text)")
        app.type("y")
        #expect(app.text.contains("Title holds at most \(capacity) characters"))
        app.press(.tab)
        #expect(!app.text.contains("holds at most"))
    }

    /// The count the cap is checked against is kept as the text changes (counting would cost the
    /// whole text each key): it stays the number of graphemes through any edits.
    @Test func theCountFollowsEveryEdit() {
        var random = SplitMix(seed: 11)
        // Flags only whole: a lone regional indicator re-pairs every flag after it.
        let pieces = ["a", "é", "e\u{301}", "\u{301}", "👨", "\u{200D}", "👩", "界", " ", "ab", "\u{1F1E9}\u{1F1EA}"]
        let edits: [TextEdit] = [.left, .right, .start, .end, .deleteBackward, .deleteForward, .cutToEnd]
        var input = TextInput(capacity: 40)
        for step in 0..<3000 {
            if random.next() % 3 == 0 {
                input.perform(edits[Int(random.next() % UInt64(edits.count))])
            } else {
                input.insert(pieces[Int(random.next() % UInt64(pieces.count))])
            }
            #expect(input.count == input.text.count, "step \(step): \(input.count) for \(input.text.debugDescription)")
            #expect(input.count <= 41, "step \(step)")
            if input.count != input.text.count { return }
        }
    }

    @Test func aPasteGoesIntoTheFilterBeingTyped() {
        var app = TUIApp(source: MemorySource.demo(), width: 80, height: 24)
        app.press(.character("/"))
        app.handle(.paste("city\nlib"))
        #expect(app.frame.context == "Agenda · /city lib")
        #expect(app.frame.visibleIDs == [LoanID(3), LoanID(5)])
    }
}

import LoansCore
import LoansText
import Testing

@Suite struct TerminalTextTests {
    @Test func truncatesByGraphemeAndWidth() {
        #expect(Truncation.truncate("The Hobbit", toColumns: 20) == "The Hobbit")
        #expect(Truncation.truncate("The Hobbit", toColumns: 10) == "The Hobbit")
        #expect(Truncation.truncate("The Hobbit", toColumns: 9) == "The Hobb…")
        #expect(Truncation.truncate("日本語の本", toColumns: 6) == "日本…")
        #expect(Truncation.truncate("日本語の本", toColumns: 5) == "日本…")
        #expect(Truncation.truncate("ab👩‍👩‍👧‍👦cd", toColumns: 10) == "ab…")
        #expect(Truncation.truncate("ab👩‍👩‍👧‍👦cd", toColumns: 11) == "ab👩‍👩‍👧‍👦…")
        #expect(Truncation.truncate("cafe\u{301}s", toColumns: 4) == "caf…")
        #expect(Truncation.truncate("x", toColumns: 0) == "")
        #expect(Truncation.truncate("xyz", toColumns: 1) == "…")
        #expect(Truncation.fit("界", toColumns: 4) == "界  ")
    }

    @Test func sanitisingTurnsControlsAndBidiIntoSpaces() {
        #expect(SafeText.sanitized("a\u{1B}[31mb\nc\td\u{7F}e\u{9B}f\u{202E}g\u{0}") == "a [31mb c d e f g ")
        #expect(SafeText.sanitized("👩‍👩‍👧 ok") == "👩‍👩‍👧 ok")
    }

    /// A substring takes the same way as a string.
    @Test func sanitisingASubstringIsSanitisingItsText() {
        let line = "x\u{1B}]0;title\u{7}y"
        #expect(SafeText.sanitized(line.dropFirst()) == " ]0;title y")
    }

    /// Each of the five is escaped when it is the only one in the text (the text without any is
    /// returned as it is).
    @Test(arguments: [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("'", "&apos;"), ("\"", "&quot;")])
    func pangoEscapesEachSpecialCharacterAlone(_ special: String, _ escaped: String) {
        #expect(PangoEscaping.escape("O" + special + "Neil") == "O" + escaped + "Neil")
        #expect(PangoEscaping.escape("O Neil") == "O Neil")
    }

    @Test(arguments: [(0, "due today"), (1, "due tomorrow"), (3, "due in 3 days"), (-1, "1 day overdue"), (-2, "2 days overdue")])
    func wordsRelativeDays(_ days: Int, _ phrase: String) {
        #expect(RelativeDay.phrase(daysUntilDue: days) == phrase)
    }

    @Test func capitalisesForTheStartOfALine() {
        #expect(RelativeDay.capitalized("due today") == "Due today")
        #expect(RelativeDay.capitalized("") == "")
    }
}

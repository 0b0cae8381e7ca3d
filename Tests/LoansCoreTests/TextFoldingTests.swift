import LoansCore
import Testing

/// The one case folding every store compares with.
@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("GÖDEL", "gödel"), ("Go\u{308}del", "gödel"), ("STRASSE", "strasse"), ("Straße", "strasse"), ("ẞ", "ss"),
        ("ΣΟΦΊΑ", "σοφία"), ("ς", "σ"), ("ſ", "s"), ("\u{212A}", "k"), ("ﬃ", "ffi"), ("İ", "i\u{307}"),
        ("ǅ", "ǆ"), ("Ꭰ", "ꭰ"), ("ꭰ", "ꭰ"), ("東京", "東京"), ("👨‍👩‍👧", "👨‍👩‍👧"), ("A\u{0}B", "a\u{FFFD}b"), ("", ""),
    ])
    func foldsAsDocumented(_ text: String, _ folded: String) {
        #expect(Array(TextFolding.folded(text).unicodeScalars) == Array(folded.unicodeScalars))
    }

    @Test func foldingTwiceChangesNothing() {
        for text in ["GÖDEL", "Straße", "ẞ", "ΣΟΦΊΑ", "İstanbul", "ǄEMAL", "Ꭰ", "ꭰ"] {
            let once = TextFolding.folded(text)
            #expect(TextFolding.folded(once) == once, "\(text)")
        }
    }

    @Test func aSearchMatchesRunsOfScalarsNotCharacters() {
        let loan = Loan(
            id: LoanID(1), title: "Café", direction: .lent, counterparty: "e\u{301}tienne", lentOn: .earliest, dueOn: .earliest,
            note: "Tel. 555"
        )
        #expect(SearchText("CAFÉ").matches(loan))
        #expect(SearchText("étienne").matches(loan))
        #expect(SearchText("555").matches(loan))
        #expect(!SearchText("cafe").matches(loan))
        #expect(!SearchText("é555").matches(loan))
    }
}

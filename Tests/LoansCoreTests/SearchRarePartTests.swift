import LoansCore
import Testing

/// The part of a search text an index is asked for: the longest stretch of rare trigrams, as
/// scalars; nil when no trigram is rare.
@Suite struct SearchRarePartTests {
    @Test func theLongestStretchOfRareTrigramsCoversItsScalars() {
        // "number 77777": trigrams 0 "num" … 6 " 77" … 9 "777"; the last four are rare.
        let rare = [false, false, false, false, false, false, true, true, true, true]
        #expect(SearchText.rarePart(trigramIsRare: rare) == 6..<12)
    }

    @Test func theFirstOfTwoEqualStretchesIsKept() {
        #expect(SearchText.rarePart(trigramIsRare: [true, false, true]) == 0..<3)
        #expect(SearchText.rarePart(trigramIsRare: [true, false, true, true]) == 2..<6)
    }

    @Test func noRareTrigramAsksForTheWholeText() {
        #expect(SearchText.rarePart(trigramIsRare: [false, false]) == nil)
        #expect(SearchText.rarePart(trigramIsRare: []) == nil)
        #expect(SearchText.rarePart(trigramIsRare: [true, true]) == 0..<4)
    }
}

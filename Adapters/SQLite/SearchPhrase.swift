import LoansCore

/// Choosing what to ask FTS5 for an indexed text. A phrase of trigrams that each occur in
/// thousands of loans is slow to match (FTS5 steps through every one of those long lists), while
/// a phrase of rare trigrams is matched in a few steps and already narrows the answer to a few
/// rows. So each trigram's frequency is probed (counting no further than `rareBelow`, cached per
/// connection) and the phrase is the longest run of the text whose trigrams are all rare; when no
/// trigram is rare, the matches are common and the whole text is the phrase. A phrase of the
/// whole text matches exactly where the text occurs (the trigram tokenizer keeps every scalar, and
/// a phrase's trigrams must stand in a row); a phrase of part of it is checked on every row
/// against the whole text (`instr` on the folded columns), so the choice affects only speed.
/// Only the first `probedTrigrams` trigrams are probed, so a long text (a filter pasted whole)
/// costs what a short one does to start: its phrase is chosen among them.
enum SearchPhrase {
    /// A trigram that occurs in fewer loans than this is rare.
    static let rareBelow = 5000
    /// The most trigrams of a text probed (one query each, the first time): a phrase that long
    /// narrows the answer as well as a longer one would.
    static let probedTrigrams = 64

    /// FTS5 query syntax for `text` as one phrase: a string in double quotes, its own doubled.
    static func quoted(_ text: some Sequence<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text {
            out.append(scalar)
            if scalar == "\"" { out.append("\"") }
        }
        out.append("\"")
        return String(out)
    }
}

extension SQLiteLoanStore {
    /// The FTS5 query for a folded text of three scalars or more, and whether it is a phrase of
    /// the whole text (then its matches need no further check). When none of the trigrams probed
    /// is rare, the phrase is the whole text, or for a longer text the part that was probed.
    func searchPhrase(_ folded: String) throws -> (query: String, whole: Bool) {
        let scalars = Array(folded.unicodeScalars)
        let trigrams = max(0, scalars.count - 2)
        let probed = min(trigrams, SearchPhrase.probedTrigrams)
        var rare: [Bool] = []
        for start in 0..<probed {
            rare.append(try trigramCount(scalars[start..<start + 3]) < SearchPhrase.rareBelow)
        }
        guard let part = SearchText.rarePart(trigramIsRare: rare) else {
            return probed == trigrams ? (SearchPhrase.quoted(scalars), true) : (SearchPhrase.quoted(scalars[..<(probed + 2)]), false)
        }
        return (SearchPhrase.quoted(scalars[part]), part.count == scalars.count)
    }

    /// How many index rows hold `trigram`, counting no further than `SearchPhrase.rareBelow`.
    private func trigramCount(_ trigram: ArraySlice<Unicode.Scalar>) throws -> Int {
        let quoted = SearchPhrase.quoted(trigram)
        if let known = trigramCounts[quoted] { return known }
        let count = try sqlite {
            let statement = try connection.statement(
                "SELECT count(*) FROM (SELECT 1 FROM loan_search WHERE loan_search MATCH ?1 LIMIT ?2)"
            )
            try statement.bind([.text(quoted), .integer(Int64(SearchPhrase.rareBelow))])
            return Int(try statement.scalar())
        }
        if trigramCounts.count >= 4096 { trigramCounts.removeAll() }
        trigramCounts[quoted] = count
        return count
    }
}

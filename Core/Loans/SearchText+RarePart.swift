extension SearchText {
    /// The part of the folded text to ask a trigram index for, given which of its trigrams (by
    /// the position each starts at) are rare: the longest stretch whose trigrams are all rare, as
    /// a range of the text's Unicode scalars — nil when none is rare, and then the whole text is
    /// asked for. A list of rare trigrams is short, so the index answers it in a few steps, and
    /// every match is then checked against the whole text: each engine estimates rarity its own
    /// way, and the choice changes only the speed, never the answer.
    package static func rarePart(trigramIsRare rare: [Bool]) -> Range<Int>? {
        var best: ClosedRange<Int>?
        var start: Int?
        for (index, flag) in rare.enumerated() {
            if flag {
                let from = start ?? index
                start = from
                if best.map({ $0.count < index - from + 1 }) ?? true { best = from...index }
            } else {
                start = nil
            }
        }
        return best.map { $0.lowerBound..<($0.upperBound + indexedLength) }
    }
}

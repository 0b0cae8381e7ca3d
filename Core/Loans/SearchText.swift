/// What a search of the loans looks for: the text as typed, folded once by Core
/// (`TextFolding`), so that every store compares exactly the same thing with its own folded
/// copies of a loan's title, counterparty and note. A loan matches when one of those three
/// contains the folded text as a run of Unicode scalars; the empty text matches every loan.
package struct SearchText: Hashable, Sendable {
    /// The folded text.
    package let folded: String
    /// How many open loans a store reads at most to answer a text too short for its index.
    package let walkBound: Int

    /// Texts with at least this many Unicode scalars, once folded, are answered from an index
    /// (a trigram index: three scalars make its smallest key).
    package static let indexedLength = 3
    /// The bound on loans read for a shorter text, unless a caller chooses another.
    package static let standardWalkBound = 2000

    package init(_ text: some StringProtocol, walkBound: Int = SearchText.standardWalkBound) {
        folded = TextFolding.folded(text)
        self.walkBound = max(1, walkBound)
    }

    /// Whether stores answer this text from an index, completely; a shorter one is answered by
    /// a walk in order that reads at most `walkBound` loans.
    package var isIndexed: Bool {
        folded.unicodeScalars.count >= SearchText.indexedLength
    }

    /// Whether the loan's title, counterparty or note contains the text, folded alike.
    package func matches(_ loan: Loan) -> Bool {
        occurs(in: loan.title) || occurs(in: loan.counterparty) || loan.note.map(occurs(in:)) == true
    }

    /// Whether `text`, once folded, contains this text.
    package func occurs(in text: String) -> Bool {
        guard !folded.isEmpty else { return true }
        var haystack = TextFolding.folded(text)
        var needle = folded
        return haystack.withUTF8 { haystack in
            needle.withUTF8 { needle in
                guard haystack.count >= needle.count else { return false }
                let first = needle[0]
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    if bytesEqual(haystack.baseAddress! + start, needle.baseAddress!, needle.count) { return true }
                }
                return false
            }
        }
    }
}

extension SearchText {
    /// The answer to this search over `loans`, which are the open loans of the range strictly
    /// beyond the key, already in the walk's order: the matches, at most `limit` of them, and for
    /// a short text no further than `walkBound` loans read. This is the search every store gives;
    /// stores that hold their loans in order (in memory) answer with it directly.
    @discardableResult
    package func walk(
        _ loans: some Sequence<Loan>, limit: Int?, _ visit: (Loan) throws -> Void
    ) throws -> SearchReach {
        var progress = SearchProgress(self, limit: limit)
        for loan in loans {
            if let reach = try progress.offer(loan, visit) { return reach }
        }
        return .complete
    }

    /// The same answer over loans a store hands out a page at a time: `page` gets the key of the
    /// last loan handed out so far (nil for the first page) and returns the next loans in the
    /// walk's order; an empty page ends the walk.
    @discardableResult
    package func walk(
        pages page: (DueOrderKey?) throws -> [Loan], limit: Int?, _ visit: (Loan) throws -> Void
    ) throws -> SearchReach {
        var progress = SearchProgress(self, limit: limit)
        var after: DueOrderKey?
        while true {
            let loans = try page(after)
            guard let last = loans.last else { return .complete }
            for loan in loans {
                if let reach = try progress.offer(loan, visit) { return reach }
            }
            after = DueOrderKey(last)
        }
    }
}

/// A search walk under way: loans read, matches still wanted, the last loan read.
struct SearchProgress {
    let text: SearchText
    let bound: Int
    var remaining: Int
    var read = 0
    var last: DueOrderKey?

    init(_ text: SearchText, limit: Int?) {
        self.text = text
        bound = text.isIndexed ? Int.max : text.walkBound
        remaining = limit ?? Int.max
    }

    /// Takes the next loan of the walk, visiting it when it matches; the reach once the walk is
    /// over (the limit reached, or the bound read with this loan still to come), else nil.
    mutating func offer(_ loan: Loan, _ visit: (Loan) throws -> Void) throws -> SearchReach? {
        guard remaining > 0 else { return .complete }
        if read == bound, let last { return .stoppedAtBound(after: last) }
        read += 1
        last = DueOrderKey(loan)
        guard text.matches(loan) else { return nil }
        try visit(loan)
        remaining -= 1
        return remaining == 0 ? .complete : nil
    }
}

/// How far a search went.
package enum SearchReach: Hashable, Sendable {
    /// The answer is what looking at every loan gives: the limit was reached or the range was
    /// searched to its end.
    case complete
    /// A short text's walk read its bound of loans first: matches beyond this loan (in the
    /// walk's order) were not looked for. A caller may go on from there with a new walk.
    case stoppedAtBound(after: DueOrderKey)
}

/// Whether `count` bytes at `a` and `b` are equal (no Glibc in Core).
private func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for offset in 0..<count where a[offset] != b[offset] { return false }
    return true
}

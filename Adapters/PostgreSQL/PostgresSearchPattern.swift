import LoansCore

/// Choosing what the trigram index is asked for, for a text of three characters or more.
///
/// pg_trgm's index reads the whole list of loans of every trigram in a pattern, so a pattern
/// holding a trigram that nearly every loan has (`num` in "number 77777", when every title is
/// "Book number …") costs tens of milliseconds at a million loans, where its rare part
/// (` 77777`) costs one. The server's statistics of the folded columns (`pg_stats`: the most
/// common values with their shares, and a sample of the others) estimate how many loans hold each
/// run of three characters of the text, in one query; the pattern is the longest part of the
/// text whose runs are all estimated rare, and its matches are checked against the whole text.
/// Without statistics (a table not yet analysed) or without a rare run, the pattern is the whole
/// text. The choice affects only speed, never the answer.
extension PostgresLoanStore {
    /// A run of three characters estimated to be in fewer loans than this share of them (and at
    /// least `rareFloor`) is rare: at a million loans a list of 50 000 is a few pages of the index,
    /// where one of every loan is more than a thousand.
    static let rareShare = 0.05
    static let rareFloor = 5000.0

    /// The part of a folded text of three characters or more to ask the index for, and whether
    /// it is the whole text (then its matches need no further check).
    func searchPattern(_ folded: String) throws -> (pattern: String, whole: Bool) {
        let scalars = Array(folded.unicodeScalars)
        guard scalars.count > 3 else { return (folded, true) }
        let runs = (0...(scalars.count - 3)).map { start in
            var run = String.UnicodeScalarView()
            run.append(contentsOf: scalars[start..<start + 3])
            return String(run) as String?
        }
        let result = try postgres {
            try connection.execute(
                PostgresLoanStore.rareRuns, [PostgresArrayLiteral.text(runs), String(PostgresLoanStore.rareShare), String(PostgresLoanStore.rareFloor)]
            )
        }
        var rare = [Bool](repeating: false, count: runs.count)
        for row in 0..<result.rowCount {
            if let position = result.int64(row, 0), position >= 1, position <= runs.count, result.bool(row, 1) == true {
                rare[Int(position) - 1] = true
            }
        }
        guard let part = SearchText.rarePart(trigramIsRare: rare) else { return (folded, true) }
        var pattern = String.UnicodeScalarView()
        pattern.append(contentsOf: scalars[part])
        return (String(pattern), part.count == scalars.count)
    }

    /// For each run (`$1`, by position), whether the statistics estimate that fewer loans than the
    /// share `$2` of them (and at least `$3`) hold it in any of the three folded columns; no row
    /// for a run the statistics cannot judge.
    private static let rareRuns = """
        WITH stats AS (
            SELECT null_frac, coalesce(most_common_vals::text::text[], '{}') AS common,
                coalesce(most_common_freqs, '{}') AS shares, coalesce(histogram_bounds::text::text[], '{}') AS sample
            FROM pg_stats
            WHERE schemaname = 'loans' AND tablename = 'loan' AND attname IN ('folded_title', 'folded_counterparty', 'folded_note')
        )
        SELECT run.position, loans.total * sum(
                (SELECT coalesce(sum(share), 0) FROM unnest(common, shares) AS mcv (value, share) WHERE strpos(value, run.text) > 0)
                + (1 - null_frac - (SELECT coalesce(sum(share), 0) FROM unnest(shares) AS share))
                    * (SELECT count(*) FILTER (WHERE strpos(value, run.text) > 0)::float8 / greatest(count(*), 1) FROM unnest(sample) AS value)
            ) < greatest(loans.total * $2::float8, $3::float8)
        FROM unnest($1::text[]) WITH ORDINALITY AS run (text, position) CROSS JOIN stats
            CROSS JOIN (SELECT reltuples::float8 AS total FROM pg_class WHERE oid = 'loans.loan'::regclass) AS loans
        WHERE loans.total > 0
        GROUP BY run.position, loans.total
        """
}

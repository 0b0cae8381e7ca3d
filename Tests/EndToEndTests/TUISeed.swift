/// The loans the TUI's terminal tests start from (today 2026-11-29): one overdue, two due soon,
/// and with `wide`, a fourth whose title and name are double-width characters.
extension BinaryHarness {
    func seedTUILoans(wide: Bool = false) throws {
        try must("add", "The Hobbit", "--to", "Alice", "--due", "2026-11-26", "--lent", "2026-11-01")
        try must("add", "Dune", "--from", "City Library", "--due", "2026-11-29", "--lent", "2026-11-08")
        try must("add", "Camping tent", "--from", "Priya", "--due", "2026-12-01", "--lent", "2026-11-24")
        if wide { try must("add", "日本語の本", "--from", "図書館", "--due", "2026-12-03", "--lent", "2026-11-20") }
    }
}

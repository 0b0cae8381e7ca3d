import Testing

/// `--today` and `LOANS_TODAY` take a calendar date only, and say so when refused.
@Suite struct TodayOptionTests {
    @Test func aRelativeWordIsRefusedWithTheOneFormAccepted() throws {
        let loans = try BinaryHarness()
        defer { loans.remove() }
        for word in ["tomorrow", "today", "+1d"] {
            let option = try loans("--today", word, "list")
            #expect(option.status == 64 && option.err == "loans: --today: \"\(word)\" is not a date in the form YYYY-MM-DD\n", "\(option.err)")
            let variable = try loans.run(BinaryHarness.binary, ["list"], extra: ["LOANS_TODAY": word])
            #expect(variable.status == 64 && variable.err == "loans: LOANS_TODAY: \"\(word)\" is not a date in the form YYYY-MM-DD\n")
        }
    }
}

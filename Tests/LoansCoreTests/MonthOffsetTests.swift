import LoansCore
import Testing

/// Month arithmetic across year ends and into leap and common Februaries, both ways: the
/// target month's own length (in the target year) decides the clamp.
@Suite struct MonthOffsetTests {
    /// (start, months, expected)
    static let steps: [(String, Int, String)] = [
        ("2023-12-31", 2, "2024-02-29"),  // into a leap February of the next year
        ("2024-01-31", 13, "2025-02-28"),  // from a leap year into a common February
        ("2024-02-29", 12, "2025-02-28"),
        ("2024-02-29", 48, "2028-02-29"),
        ("2023-01-31", 13, "2024-02-29"),
        ("2022-11-30", 15, "2024-02-29"),
        ("2024-11-30", 3, "2025-02-28"),
        ("1999-12-31", 2, "2000-02-29"),  // 2000 is a leap year (divisible by 400)
        ("2099-12-31", 2, "2100-02-28"),  // 2100 is not
        ("2024-03-31", -1, "2024-02-29"),  // backwards into a leap February
        ("2025-03-31", -13, "2024-02-29"),  // backwards across a year end
        ("2024-03-31", -13, "2023-02-28"),  // from a leap year back into a common February
        ("2025-01-31", -11, "2024-02-29"),
        ("2024-12-31", -10, "2024-02-29"),
        ("2025-02-28", -12, "2024-02-28"),  // a clamp never moves a day later
        ("2100-03-31", -1, "2100-02-28"),
        ("2024-02-29", -12, "2023-02-28"),
        ("2023-12-15", 2, "2024-02-15"),
    ]

    @Test(arguments: steps)
    func monthsClampInTheTargetYear(_ start: String, _ months: Int, _ expected: String) throws {
        let date = try #require(CivilDate(iso: start))
        #expect(date.adding(months: months)?.iso == expected, "\(start) \(months > 0 ? "+" : "")\(months) months")
    }

    /// The same through what a user types: `+Nm` counted from today.
    @Test(arguments: steps.filter { $0.1 >= 0 })
    func typedOffsetsAgree(_ start: String, _ months: Int, _ expected: String) throws {
        let today = try #require(CivilDate(iso: start))
        #expect(try DateInput.parse("+\(months)m", today: today).iso == expected)
        #expect(DateOffset(parsing: "+\(months)m")?.applied(to: today)?.iso == expected)
    }

    /// Every month end of a leap year, stepped by -25…25 months, lands in the target month on
    /// the start's day or, when that month is shorter, on its last day (in the target year).
    @Test func monthEndsLandOnTheTargetMonthsLastDay() throws {
        for month in 1...12 {
            let start = try #require(CivilDate(year: 2024, month: month, day: Self.length(of: month, in: 2024)))
            for step in -25...25 {
                let index = 2024 * 12 + (month - 1) + step
                let (year, target) = (index / 12, index % 12 + 1)
                let expected = try #require(CivilDate(year: year, month: target, day: min(start.day, Self.length(of: target, in: year))))
                #expect(start.adding(months: step) == expected, "\(start.iso) \(step) months")
            }
        }
    }

    /// A month's length found by asking which days exist, not by the calendar code under test.
    static func length(of month: Int, in year: Int) -> Int {
        (28...31).last { CivilDate(year: year, month: month, day: $0) != nil } ?? 0
    }
}

import LoansCore
import Testing

@Suite struct CivilDateTests {
    @Test func parsesAndFormatsRealDays() throws {
        let date = try #require(CivilDate(iso: "2024-02-29"))
        #expect(date.components == (2024, 2, 29))
        #expect(date.iso == "2024-02-29")
        #expect(CivilDate(iso: "0001-01-01") == .earliest)
        #expect(CivilDate(iso: "9999-12-31") == .latest)
        #expect(CivilDate.earliest.dayNumber == 0)
    }

    @Test(arguments: [
        "2026-02-30", "2023-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01",
        "10000-01-01", "2026-1-05", "2026-01-5", " 2026-01-01", "2026-01-01 ", "2026/01/01", "", "today",
        "２０２６-01-01", "2026-01-0a", "+002026-01-01",
    ])
    func refusesAnythingButARealDay(_ text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test func everyDayRoundTripsAndFollowsTheLastOne() throws {
        var previous = try #require(CivilDate(iso: "1899-12-25"))
        for _ in 0..<(366 * 250) {
            let next = try #require(previous.adding(days: 1))
            #expect(next.dayNumber == previous.dayNumber + 1)
            #expect(CivilDate(iso: next.iso) == next)
            let (y, m, d) = next.components
            let (py, pm, pd) = previous.components
            #expect(d == pd + 1 || (d == 1 && (m == pm + 1 || (m == 1 && y == py + 1))))
            previous = next
        }
    }

    @Test func gregorianLeapRules() {
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2100, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2028, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2027, month: 2, day: 29) == nil)
    }

    @Test func dayArithmeticStaysOnTheCalendarOrReportsNil() {
        #expect(CivilDate.latest.adding(days: 1) == nil)
        #expect(CivilDate.earliest.adding(days: -1) == nil)
        #expect(CivilDate.earliest.adding(days: Int.max) == nil)
        #expect(CivilDate.latest.adding(days: Int.min) == nil)
        #expect(CivilDate.earliest.adding(days: CivilDate.latest.dayNumber) == .latest)
        #expect(CivilDate.latest.days(since: .earliest) == 3_652_058)
    }

    @Test func monthsClampToTheMonthsLastDay() throws {
        let jan31 = try #require(CivilDate(iso: "2026-01-31"))
        #expect(jan31.adding(months: 1)?.iso == "2026-02-28")
        #expect(CivilDate(iso: "2024-01-31")?.adding(months: 1)?.iso == "2024-02-29")
        #expect(jan31.adding(months: 3)?.iso == "2026-04-30")
        #expect(jan31.adding(months: 12)?.iso == "2027-01-31")
        #expect(CivilDate(iso: "2026-03-31")?.adding(months: -1)?.iso == "2026-02-28")
        #expect(CivilDate(iso: "9999-12-01")?.adding(months: 1) == nil)
        #expect(CivilDate(iso: "0001-01-31")?.adding(months: -1) == nil)
        #expect(jan31.adding(months: Int.max) == nil)
        #expect(jan31.adding(months: Int.min) == nil)
    }

    @Test func differenceInWholeDays() throws {
        let a = try #require(CivilDate(iso: "2026-03-28"))
        let b = try #require(CivilDate(iso: "2026-03-30"))
        #expect(b.days(since: a) == 2)
        #expect(a.days(since: b) == -2)
        #expect(try #require(CivilDate(iso: "2027-01-01")).days(since: try #require(CivilDate(iso: "2026-01-01"))) == 365)
    }
}

import LoansCore
import Testing

@Suite struct DateInputTests {
    let today = CivilDate(iso: "2026-01-31")!

    func parse(_ text: String, today: CivilDate? = nil) throws(DateInputError) -> String {
        try DateInput.parse(text, today: today ?? self.today).iso
    }

    @Test func wordsAndOffsetsAreRelativeToToday() throws {
        #expect(try parse("today") == "2026-01-31")
        #expect(try parse("tomorrow") == "2026-02-01")
        #expect(try parse("yesterday") == "2026-01-30")
        #expect(try parse("+0d") == "2026-01-31")
        #expect(try parse("+3d") == "2026-02-03")
        #expect(try parse("+2w") == "2026-02-14")
        #expect(try parse("+1m") == "2026-02-28")
        #expect(try parse("+13m") == "2027-02-28")
        #expect(try parse("+0001d") == "2026-02-01")
        #expect(try parse("2026-12-05") == "2026-12-05")
    }

    @Test func anyLetterCase() throws {
        #expect(try parse("Today") == "2026-01-31")
        #expect(try parse("TOMORROW") == "2026-02-01")
        #expect(try parse("+3D") == "2026-02-03")
        #expect(try parse("FRI") == "2026-02-06")
        #expect(try parse("EoM") == "2026-01-31")
    }

    /// 2026-01-31 is a Saturday.
    @Test func weekdaysAreTheNextSuchDayNeverToday() throws {
        #expect(CivilDate(iso: "2026-01-31")?.weekday == .saturday)
        #expect(try parse("fri") == "2026-02-06")
        #expect(try parse("friday") == "2026-02-06")
        #expect(try parse("sun") == "2026-02-01")
        #expect(try parse("sat") == "2026-02-07")
        #expect(try parse("saturday") == "2026-02-07")
        #expect(try parse("mon") == "2026-02-02")
        #expect(throws: DateInputError.notADate("fr", accepted: .all)) { try parse("fr") }
        #expect(throws: DateInputError.notADate("fridays", accepted: .all)) { try parse("fridays") }
    }

    @Test func endsOfWeekAndMonth() throws {
        #expect(try parse("eow") == "2026-02-01")
        #expect(try parse("eow", today: CivilDate(iso: "2026-02-01")) == "2026-02-01")
        #expect(try parse("eow", today: CivilDate(iso: "2026-02-02")) == "2026-02-08")
        #expect(try parse("eom") == "2026-01-31")
        #expect(try parse("eom", today: CivilDate(iso: "2026-02-10")) == "2026-02-28")
        #expect(try parse("eom", today: CivilDate(iso: "2028-02-01")) == "2028-02-29")
    }

    @Test func yearsClampFebruary29() throws {
        #expect(try parse("+1y") == "2027-01-31")
        #expect(try parse("+1y", today: CivilDate(iso: "2028-02-29")) == "2029-02-28")
        #expect(try parse("+4y", today: CivilDate(iso: "2028-02-29")) == "2032-02-29")
        #expect(throws: DateInputError.outOfRange("+8000y")) { try parse("+8000y") }
        #expect(throws: DateInputError.outOfRange("+9223372036854775807y")) { try parse("+9223372036854775807y") }
    }

    @Test(arguments: ["soon", "", "+d", "+-3d", "-3d", "+3x", "+3", "3d", "+ 3d", "2026-1-1", "+3.5d", "+٣d", "eoy", "tomorow"])
    func refusesOtherShapesNamingTheValue(_ text: String) {
        #expect(throws: DateInputError.notADate(text, accepted: .all)) { try parse(text) }
        #expect(DateInputError.notADate(text, accepted: .all).description.hasPrefix("\"\(text)\" is not a date"))
    }

    @Test func aRefusalListsOnlyTheFormsAcceptedThere() {
        #expect(throws: DateInputError.notADate("tomorrow", accepted: .calendarDate)) {
            try DateInput.parse("tomorrow", today: today, accepting: .calendarDate)
        }
        #expect(DateInputError.notADate("tomorrow", accepted: .calendarDate).description == #""tomorrow" is not a date in the form YYYY-MM-DD"#)
        #expect(DateInputError.notADate("x", accepted: .all).description
            == #""x" is not a date (use YYYY-MM-DD, today, tomorrow, yesterday, a weekday, +N[dwmy], eow or eom)"#)
        #expect(DateInputError.notADate("x", accepted: [.offsets]).description == #""x" is not a date (use +N[dwmy])"#)
        #expect(throws: DateInputError.notADate("fri", accepted: [.calendarDate, .offsets])) {
            try DateInput.parse("fri", today: today, accepting: [.calendarDate, .offsets])
        }
    }

    @Test func refusesDaysThatDoNotExist() {
        #expect(throws: DateInputError.noSuchDay("2026-02-30")) { try parse("2026-02-30") }
        #expect(DateInputError.noSuchDay("2026-02-30").description == "\"2026-02-30\" is not a date: no such day")
    }

    @Test(arguments: [
        "+99999999999999999999d", "+9223372036854775807d", "+9223372036854775807w", "+1317624576693539401w",
        "+9223372036854775807m", "+3000000d", "+100000m", "0000-01-01",
    ])
    func refusesWhatLeavesTheCalendar(_ text: String) {
        #expect(throws: DateInputError.outOfRange(text)) { try parse(text) }
    }

    @Test func edgesOfTheCalendar() {
        #expect(throws: DateInputError.outOfRange("yesterday")) { try parse("yesterday", today: .earliest) }
        #expect(throws: DateInputError.outOfRange("tomorrow")) { try parse("tomorrow", today: .latest) }
        #expect(throws: DateInputError.outOfRange("+1m")) { try parse("+1m", today: .latest) }
        #expect((try? parse("today", today: .latest)) == "9999-12-31")
    }

    @Test func messagesQuoteHostileValuesSafely() {
        let message = DateInputError.notADate("\u{1B}]0;x\u{07}\"\n", accepted: .all).description
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(message.hasPrefix("\"\\u{1b}]0;x\\u{7}\\\"\\n\" is not a date"))
    }

    @Test func renewalOffsetsMayLeaveOutTheUnit() {
        #expect(DateOffset(parsing: "+5", defaultUnit: .days) == DateOffset(count: 5, unit: .days))
        #expect(DateOffset(parsing: "+5w", defaultUnit: .days) == DateOffset(count: 5, unit: .weeks))
        #expect(DateOffset(parsing: "+5") == nil)
        #expect(DateOffset(parsing: "+5x", defaultUnit: .days) == nil)
        #expect(DateOffset(parsing: "+2Y", defaultUnit: .days) == DateOffset(count: 2, unit: .years))
        #expect(DateOffset(parsing: "+", defaultUnit: .days) == nil)
    }
}

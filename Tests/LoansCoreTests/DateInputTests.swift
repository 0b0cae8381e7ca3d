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

    @Test(arguments: ["soon", "", "+d", "+-3d", "-3d", "+3x", "+3", "3d", "+ 3d", "Today", "+3D", "2026-1-1", "+3.5d", "+٣d"])
    func refusesOtherShapesNamingTheValue(_ text: String) {
        #expect(throws: DateInputError.notADate(text)) { try parse(text) }
        #expect(DateInputError.notADate(text).description.hasPrefix("\"\(text)\" is not a date"))
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
        let message = DateInputError.notADate("\u{1B}]0;x\u{07}\"\n").description
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(message.hasPrefix("\"\\u{1b}]0;x\\u{7}\\\"\\n\" is not a date"))
    }

    @Test func renewalOffsetsMayLeaveOutTheUnit() {
        #expect(DateOffset(parsing: "+5", defaultUnit: .days) == DateOffset(count: 5, unit: .days))
        #expect(DateOffset(parsing: "+5w", defaultUnit: .days) == DateOffset(count: 5, unit: .weeks))
        #expect(DateOffset(parsing: "+5") == nil)
        #expect(DateOffset(parsing: "+5x", defaultUnit: .days) == nil)
        #expect(DateOffset(parsing: "+", defaultUnit: .days) == nil)
    }
}

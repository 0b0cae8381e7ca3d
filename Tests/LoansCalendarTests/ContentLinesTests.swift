import LoansCore
import LoansTestSupport
import Testing

@testable import LoansCalendar

/// iCalendar content lines: escaping, folding at 75 octets without splitting a UTF-8 sequence,
/// CRLF ends; and the feed's shape for a store.
@Suite struct ContentLinesTests {
    @Test func textIsEscapedSoNoValueCanStartALine() {
        #expect(String(decoding: ContentLines.escaped("a\\b;c,d\ne\r\nf\rg\u{1B}h\ti"), as: UTF8.self) == "a\\\\b\\;c\\,d\\ne\\nf\\ng h\ti")
        // A backslash before n, ; or , stays a backslash (python3-icalendar 4.0.3 misreads
        // these, so the end-to-end round trip leaves them to this check).
        #expect(String(decoding: ContentLines.escaped("\\n \\; \\,"), as: UTF8.self) == "\\\\n \\\\\\; \\\\\\,")
        var lines = ContentLines()
        lines.text("SUMMARY", "x\r\nEND:VEVENT\r\nBEGIN:VALARM")
        #expect(String(decoding: lines.take(), as: UTF8.self) == "SUMMARY:x\\nEND:VEVENT\\nBEGIN:VALARM\r\n")
    }

    @Test func longLinesFoldAt75OctetsBetweenUTF8Sequences() {
        var lines = ContentLines()
        let value = String(repeating: "é", count: 100) + String(repeating: "👨‍👩‍👧", count: 20)
        lines.text("SUMMARY", value)
        let bytes = lines.take()
        let physical = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        for line in physical {
            #expect(line.utf8.count <= 75)
        }
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        let unfolded = physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined()
        #expect(unfolded == "SUMMARY:" + value)
        #expect(bytes.suffix(2) == [0x0D, 0x0A])
        #expect(!bytes.enumerated().contains { $0.element == 0x0A && ($0.offset == 0 || bytes[$0.offset - 1] != 0x0D) })
    }

    @Test func alarmsRingAtNineOnTheLeadDay() {
        #expect(CalendarFeed.trigger(lead: 0) == "PT9H")
        #expect(CalendarFeed.trigger(lead: 1) == "-PT15H")
        #expect(CalendarFeed.trigger(lead: 3) == "-P2DT15H")
    }
}

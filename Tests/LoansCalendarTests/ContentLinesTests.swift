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

    /// C1 controls (NEL, CSI…) and the bidi embeddings, overrides and isolates never reach the
    /// feed raw: like other control characters they become spaces.
    @Test func c1ControlsAndBidiMarksBecomeSpaces() {
        let hostile = "a\u{85}b\u{9B}c\u{80}d\u{9F}e\u{202A}f\u{202E}g\u{2066}h\u{2069}i\u{200F}j"
        #expect(String(decoding: ContentLines.escaped(hostile), as: UTF8.self) == "a b c d e f g h i j")
        #expect(String(decoding: ContentLines.escaped(hostile, lineBreaks: .spaces), as: UTF8.self) == "a b c d e f g h i j")
        #expect(String(decoding: ContentLines.escaped("é 界 👨‍👩‍👧 \u{A0}"), as: UTF8.self) == "é 界 👨‍👩‍👧 \u{A0}", "text that is not a control stays")
    }

    /// A summary is one line: calcurse skips an event whose summary holds a line break, so each
    /// one (CR, LF, CR LF, U+2028, U+2029) becomes a space there; a description keeps them.
    @Test func aSummaryIsOneLine() {
        var lines = ContentLines()
        lines.line("SUMMARY", "Return two\nlines\r\nand\rmore\u{2028}of\u{2029}them to Sam")
        #expect(String(decoding: lines.take(), as: UTF8.self) == "SUMMARY:Return two lines and more of them to Sam\r\n")
        lines.text("DESCRIPTION", "two\nlines\r\nkept")
        #expect(String(decoding: lines.take(), as: UTF8.self) == "DESCRIPTION:two\\nlines\\nkept\r\n")
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

import LoansCore
import LoansText
import Testing

/// The one colour rule, and the colours of text output.
@Suite struct ColourTests {
    @Test func theRule() {
        #expect(ColourChoice.auto.colours(terminal: true, term: "xterm-256color"))
        #expect(ColourChoice.auto.colours(terminal: true, term: nil))
        #expect(!ColourChoice.auto.colours(terminal: true, term: "dumb"))
        #expect(!ColourChoice.auto.colours(terminal: false, term: "xterm"))
        #expect(ColourChoice.always.colours(terminal: false, term: "dumb"))
        #expect(!ColourChoice.never.colours(terminal: true, term: "xterm"))
    }

    @Test func overdueRedDueSoonYellowReturnedDim() {
        #expect(TextColour.paint("x", .overdue, colour: true) == "\u{1B}[31mx\u{1B}[0m")
        #expect(TextColour.paint("x", .dueSoon, colour: true) == "\u{1B}[33mx\u{1B}[0m")
        #expect(TextColour.paint("x", .returned, colour: true) == "\u{1B}[2mx\u{1B}[0m")
        #expect(TextColour.paint("x", .open, colour: true) == "x")
        #expect(TextColour.paint("x", .overdue, colour: false) == "x")
    }
}

import LoansTUI
import Testing

/// The bytes a terminal sends, decoded: keys in every form xterm-like terminals send them,
/// sequences split across reads, SGR mouse reports and bracketed paste.
@Suite struct InputDecoderTests {
    /// The events of the chunks fed in order; a paste handed out in pieces is joined again.
    func decode(_ chunks: [UInt8]...) -> [TUIEvent] {
        var decoder = InputDecoder()
        var events: [TUIEvent] = []
        for event in chunks.flatMap({ decoder.feed($0) }) + decoder.flush() {
            if case .paste(let more) = event, case .paste(let text)? = events.last {
                events[events.count - 1] = .paste(text + more)
            } else {
                events.append(event)
            }
        }
        return events
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func plainKeysControlsAndUTF8() {
        #expect(decode(bytes("aZ 界👍\r\n\t\u{7F}\u{8}\u{4}\u{12}\u{0}")) == [
            .key(.character("a")), .key(.character("Z")), .key(.character(" ")), .key(.character("界")),
            .key(.character("👍")), .key(.enter), .key(.enter), .key(.tab), .key(.backspace), .key(.backspace),
            .key(.control("d")), .key(.control("r")),
        ])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}OA", .up), ("\u{1B}[1;2B", .down), ("\u{1B}[C", .right), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}OH", .home),
        ("\u{1B}[F", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}[3~", .delete),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
    ])
    func sequencesOfCursorAndEditingKeys(_ sequence: String, _ key: Key) {
        #expect(decode(bytes(sequence)) == [.key(key)])
    }

    @Test func unknownSequencesAreDroppedWholeNotTyped() {
        #expect(decode(bytes("\u{1B}[15~\u{1B}[[A\u{1B}OP\u{1B}[200;5u\u{1B}[I\u{1B}[M !!x")) == [.key(.character("x"))])
    }

    @Test func aLoneEscapeIsTheKeyOnlyOnceNoMoreBytesCame() {
        var decoder = InputDecoder()
        #expect(decoder.feed(bytes("\u{1B}")).isEmpty && decoder.isWaiting)
        #expect(decoder.feed(bytes("[B")) == [.key(.down)] && !decoder.isWaiting)
        #expect(decoder.feed(bytes("\u{1B}")).isEmpty)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(decoder.feed(bytes("\u{1B}\u{1B}[A\u{1B}q")) == [.key(.escape), .key(.up), .key(.escape), .key(.character("q"))])
    }

    @Test func aSequenceOrCharacterSplitAcrossReadsDecodesTheSame() {
        let whole = bytes("a\u{1B}[6~界\u{1B}[<0;12;5M👨‍👩‍👧\u{1B}[200~p\u{1B}[A\r\nq\u{1B}[201~z")
        let expected = decode(whole)
        for cut in 1..<whole.count {
            #expect(decode(Array(whole[..<cut]), Array(whole[cut...])) == expected, "cut at \(cut)")
        }
    }

    @Test func invalidUTF8AndC1ControlsAreDropped() {
        #expect(decode([0x61, 0xFF, 0xC3, 0x28, 0xC2, 0x9B, 0x62]) == [.key(.character("a")), .key(.character("(")), .key(.character("b"))])
    }

    @Test func sgrMouseReports() {
        #expect(decode(bytes("\u{1B}[<0;3;2M\u{1B}[<0;3;2m\u{1B}[<64;1;1M\u{1B}[<65;80;24M\u{1B}[<2;5;5M\u{1B}[<32;4;4M")) == [
            .mouse(MouseEvent(.press(.left), row: 1, column: 2)), .mouse(MouseEvent(.release, row: 1, column: 2)),
            .mouse(MouseEvent(.wheelUp, row: 0, column: 0)), .mouse(MouseEvent(.wheelDown, row: 23, column: 79)),
            .mouse(MouseEvent(.press(.right), row: 4, column: 4)),
        ])
        #expect(decode(bytes("\u{1B}[<0;0;1M\u{1B}[<0;1M\u{1B}[<0;99999999999;3M")) == [
            .mouse(MouseEvent(.press(.left), row: 2, column: 99_998)),
        ])
    }

    /// Everything between the paste markers is text: newlines, ESC, sequences that would be
    /// keys, even a partial end marker; CR LF and CR become LF.
    @Test func bracketedPasteIsTextWhateverItHolds() {
        let events = decode(bytes("\u{1B}[200~line 1\r\nline 2\rq\u{1B}[Ax\u{1B}[201\u{1B}\u{1B}[201~y"))
        #expect(events == [.paste("line 1\nline 2\nq\u{1B}[Ax\u{1B}[201\u{1B}"), .key(.character("y"))])
    }

    @Test func aLongPasteArrivesInPiecesAsItIsRead() {
        var decoder = InputDecoder()
        let body = String(repeating: "abc界\n", count: 20_000)
        var pasted = ""
        var events: [TUIEvent] = []
        let all = bytes("\u{1B}[200~" + body + "\u{1B}[201~j")
        var start = 0
        while start < all.count {
            let end = min(all.count, start + 4093)
            events += decoder.feed(all[start..<end])
            start = end
        }
        for event in events {
            if case .paste(let text) = event { pasted += text }
        }
        #expect(pasted == body)
        #expect(events.last == .key(.character("j")))
    }

    @Test func aDoubleClickIsTwoPressesOnOneCellInTime() {
        var counter = ClickCounter()
        let press = MouseEvent(.press(.left), row: 3, column: 4)
        #expect(counter.count(press, at: 1000).clicks == 1)
        #expect(counter.count(press, at: 1300).clicks == 2)
        #expect(counter.count(press, at: 1400).clicks == 1)
        #expect(counter.count(press, at: 2000).clicks == 1)
        #expect(counter.count(MouseEvent(.press(.left), row: 4, column: 4), at: 2100).clicks == 1)
        #expect(counter.count(MouseEvent(.wheelUp, row: 4, column: 4), at: 2150).clicks == 1)
    }
}

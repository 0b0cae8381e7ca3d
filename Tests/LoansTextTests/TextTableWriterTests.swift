import LoansCore
import LoansTestSupport
import LoansText
import Testing

/// The streamed text table: the whole table's layout within a block, then a block at a time,
/// with memory bounded by the block (output leaves before the last row comes).
@Suite struct TextTableWriterTests {
    let block = TextTableWriter.blockRows

    func cells(_ index: Int, title: String? = nil) -> [String] {
        ["#\(index)", title ?? "Title \(index % 10)", "due \(index % 7) days"]
    }

    func write(_ cells: [String], to writer: inout TextTableWriter) throws {
        for cell in cells.dropLast() { writer.cell(cell) }
        try writer.endRow(last: cells.last ?? "")
    }

    /// `text` and spaces up to `width` columns (plain ASCII).
    func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(width - text.count, 0))
    }

    func lines(_ sink: CapturedBytes) -> [Substring] {
        sink.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    @Test func aListingWithinOneBlockIsLaidOutAsAWholeTable() throws {
        let rows = (1...block).map { cells($0, title: $0 == block ? "The widest title of them all" : nil) }
        let sink = CapturedBytes()
        var writer = TextTableWriter(into: sink)
        for row in rows { try write(row, to: &writer) }
        try writer.finish()
        #expect(lines(sink).map(String.init) == TextTable().render(rows))
        #expect(lines(sink).first.map(String.init) == pad("#1", "#\(block)".count) + "  " + pad("Title 1", 28) + "  due 1 days", "the first row is padded to the last row's widths")
    }

    @Test func aLongerListingStreamsABlockAtATime() throws {
        let sink = CapturedBytes()
        var writer = TextTableWriter(into: sink)
        for index in 1...(3 * block) {
            // The second block holds the widest title; the third only narrow ones.
            try write(cells(index, title: index == block + 5 ? "A much wider title" : index > 2 * block ? "T" : nil), to: &writer)
            if index == block - 1 { #expect(sink.bytes.isEmpty, "the first block waits for its widths") }
            if index == block + 1 { #expect(lines(sink).count == block, "the first block left before the second came") }
        }
        try writer.finish()
        let out = lines(sink)
        #expect(out.count == 3 * block)
        #expect(String(out[0]) == pad("#1", "#\(block)".count) + "  Title 1  due 1 days", "the first block's own widths")
        let second = block + 1, third = 2 * block + 1
        #expect(String(out[block]) == pad("#\(second)", "#\(2 * block)".count) + "  " + pad("Title \(second % 10)", 18) + "  due \(second % 7) days",
                "the second block widens the columns")
        #expect(String(out[2 * block]) == pad("#\(third)", "#\(3 * block)".count) + "  " + pad("T", 18) + "  due \(third % 7) days", "and the third keeps them")
        #expect(Set(out[block...].map { $0.firstRange(of: "due")?.lowerBound.utf16Offset(in: $0) }).count == 1, "aligned from the second block on")
    }

    @Test func aHeadingIndentsTheRowsAfterIt() throws {
        let sink = CapturedBytes()
        var writer = TextTableWriter(into: sink)
        try write(["#1", "before"], to: &writer)
        writer.heading("GROUP (1)")
        try write(["#22", "after"], to: &writer)
        try writer.finish()
        #expect(sink.text == "#1   before\nGROUP (1)\n  #22  after\n")
    }
}

import LoansCore

/// The layout of every text table, a block of rows at a time: columns by display width, two
/// spaces apart, the last one not padded, none wider than its cap (a longer cell is shortened
/// with `…`); every cell sanitised, so no control character from data reaches the terminal;
/// each loan's line in the colour of its status when asked; rows under a heading indented by two
/// spaces. A row is given a cell at a time and ends with its last cell.
///
/// Columns are as wide as their widest cell, so rows wait in the block until their widths are
/// known. `TextTableWriter` lays the block out whenever it is full, each block with the widths so
/// far (a column may widen at a block's first row, never narrow); `TextTable` lays a whole table
/// out as one block.
struct TextColumns {
    /// The widest a column may grow before its cells are shortened.
    var columnCap = 40
    /// Whether the last column is shortened to the cap too (it is not padded either way).
    var capsLastColumn = true
    let colour: Bool

    /// The block: lines and rows in order, their bytes, their cells.
    private var entries: [Entry] = []
    private var bytes: [UInt8] = []
    private var cells: [Cell] = []
    /// How many cells the row being given has so far.
    private var column = 0
    /// How many rows wait in the block.
    private(set) var rowsWaiting = 0
    /// The width of each column so far (never narrower than in an earlier block).
    private var widths: [Int] = []
    /// Whether a heading came: the rows after it are indented.
    private var indented = false
    private var output: [UInt8] = []
    private static let chunk = 1 << 16

    /// One line of the block, in order: a row of `cells` cells, or a line of its own.
    private enum Entry {
        case row(cells: Int, status: LoanStatus?, indented: Bool)
        case line(end: Int)
    }

    /// A cell ready to be laid out: where its bytes end (already shortened to the cap when wider)
    /// and how many columns those bytes take.
    private struct Cell {
        let end: Int32
        let width: Int32
    }

    init(colour: Bool) {
        self.colour = colour
    }

    /// Makes room for a block of `rows` rows and `bytes` bytes of cells at once, so the block's
    /// buffers are allocated once rather than grown by doubling (which leaves the smaller ones
    /// behind); only what a block fills is ever touched.
    mutating func reserve(rows: Int, bytes: Int) {
        entries.reserveCapacity(rows + 16)
        cells.reserveCapacity(rows * 6)
        self.bytes.reserveCapacity(bytes + (1 << 16))
        output.reserveCapacity(TextColumns.chunk + (1 << 12))
    }

    /// How many bytes of cells wait in the block.
    var bytesWaiting: Int { bytes.count }

    /// A heading line (`OVERDUE (3)`); the rows after it are indented.
    mutating func heading(_ text: String) {
        line(text)
        indented = true
    }

    /// A line of its own, outside the columns.
    mutating func line(_ text: String) {
        bytes.append(contentsOf: SafeText.sanitized(text).utf8)
        entries.append(.line(end: bytes.count))
    }

    /// A whole row; `status` colours it (nil: plain).
    mutating func row(_ row: [String], status: LoanStatus?) {
        for cell in row.dropLast() { self.cell(cell) }
        endRow(last: row.last ?? "", status: status)
    }

    /// The next cell of the row.
    mutating func cell(_ text: String) {
        add(nil, text, cap: columnCap)
    }

    /// The next cell of the row: words, then a text (`lent to ` and the name).
    mutating func cell(_ prefix: StaticString, _ text: String) {
        add(prefix, text, cap: columnCap)
    }

    /// The next cell of the row: words, then a number (`#` and the id).
    mutating func cell(_ prefix: StaticString, number: Int64) {
        let start = bytes.count
        append(prefix)
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        while number.magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + number.magnitude / divisor % 10))
            divisor /= 10
        }
        addASCII(from: start, cap: columnCap)
    }

    /// The next cell of the row: words, then a date as `YYYY-MM-DD` (`due ` and the due date).
    mutating func cell(_ prefix: StaticString, date: CivilDate) {
        let start = bytes.count
        append(prefix)
        let (year, month, day) = date.components
        digits(year, 1000)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 10)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 10)
        addASCII(from: start, cap: columnCap)
    }

    /// `value` in decimal from the digit worth `divisor` down, zeros in front.
    private mutating func digits(_ value: Int, _ divisor: Int) {
        var divisor = divisor
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + value / divisor % 10))
            divisor /= 10
        }
    }

    /// The row's last cell, which ends it; `status` colours the row (nil: plain).
    mutating func endRow(last text: String, status: LoanStatus?) {
        add(nil, text, cap: capsLastColumn ? columnCap : Int.max)
        entries.append(.row(cells: column, status: status, indented: indented))
        column = 0
        rowsWaiting += 1
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Sanitises, measures and (when wider than `cap`) shortens a cell, and widens its column.
    private mutating func add(_ prefix: StaticString?, _ text: String, cap: Int) {
        let start = bytes.count
        if let prefix { append(prefix) }
        var text = text
        let plain = text.withUTF8 { utf8 -> Bool in
            // Printable ASCII, the common case: each byte is one column and one grapheme.
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain { return addASCII(from: start, cap: cap) }
        bytes.removeSubrange(start...)
        let safe = SafeText.sanitized(prefix.map { "\($0)" + text } ?? text)
        let width = DisplayWidth.of(safe)
        let kept = width <= cap ? safe : Truncation.truncate(safe, toColumns: cap)
        bytes.append(contentsOf: kept.utf8)
        finishCell(width: width <= cap ? width : DisplayWidth.of(kept), measured: min(width, cap))
    }

    /// Ends a cell of printable ASCII written from `start`, shortened when wider than `cap`.
    private mutating func addASCII(from start: Int, cap: Int) {
        let width = bytes.count - start
        guard width > cap else { return finishCell(width: width, measured: width) }
        bytes.removeSubrange((start + max(cap - 1, 0))...)
        if cap > 0 { bytes.append(contentsOf: String(Truncation.ellipsis).utf8) }
        finishCell(width: max(cap, 0), measured: max(cap, 0))
    }

    /// Ends the cell whose bytes take `width` columns; its column is at least `measured` wide.
    private mutating func finishCell(width: Int, measured: Int) {
        cells.append(Cell(end: Int32(clamping: bytes.count), width: Int32(clamping: width)))
        if widths.count <= column { widths.append(0) }
        widths[column] = max(widths[column], measured)
        column += 1
    }

    /// Lays the block's lines out with the widths so far and empties it, handing the bytes to
    /// `emit` in chunks of about 64 KiB (the last one smaller).
    mutating func layOut(_ emit: ([UInt8]) throws -> Void) rethrows {
        var start = 0
        var cell = 0
        for entry in entries {
            switch entry {
            case .line(let end):
                output.append(contentsOf: bytes[start..<end])
                start = end
            case .row(let count, let status, let indented):
                let sgr = colour ? status.flatMap(TextColour.sgr) : nil
                if let sgr { output.append(contentsOf: "\u{1B}[\(sgr)m".utf8) }
                if indented { output.append(contentsOf: "  ".utf8) }
                for column in 0..<count {
                    let end = Int(cells[cell].end)
                    output.append(contentsOf: bytes[start..<end])
                    if column < count - 1 {
                        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[column] - Int(cells[cell].width) + 2))
                    }
                    start = end
                    cell += 1
                }
                if sgr != nil { output.append(contentsOf: "\u{1B}[0m".utf8) }
            }
            output.append(0x0A)
            if output.count >= TextColumns.chunk { try emitOutput(emit) }
        }
        entries.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        rowsWaiting = 0
        try emitOutput(emit)
    }

    private mutating func emitOutput(_ emit: ([UInt8]) throws -> Void) rethrows {
        guard !output.isEmpty else { return }
        try emit(output)
        output.removeAll(keepingCapacity: true)
    }
}

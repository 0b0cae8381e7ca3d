import LoansCore
import LoansText

/// One column of the screen: the grapheme that starts here (empty for the other columns of a
/// wide one), how many columns it takes, and its style.
package struct Cell: Hashable, Sendable {
    /// The grapheme drawn from this column; "" when this column continues a wide one.
    package var text: String
    /// 1 for most characters, 2 for wide ones (CJK, emoji), more for a sequence of them (a family
    /// emoji takes 8: `DisplayWidth`), 0 for the columns a wide one covers.
    package var width: Int
    package var style: Style

    package static let blank = Cell(text: " ", width: 1, style: .plain)
}

/// Where the terminal's cursor stands, when a text field has the focus.
package struct CursorPosition: Hashable, Sendable {
    package let row: Int
    package let column: Int

    package init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// The pure screen: a grid of cells that views draw into by display width and tests read as
/// text; the terminal layer copies it to ncurses. Text from data is sanitised on the way in,
/// so no control character can reach the terminal.
package struct ScreenBuffer: Sendable {
    package let width: Int
    package let height: Int
    package private(set) var cells: [Cell]
    /// The text cursor, shown only while a field is being edited.
    package var cursor: CursorPosition?

    package init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    package func cell(row: Int, column: Int) -> Cell {
        guard row >= 0, row < height, column >= 0, column < width else { return .blank }
        return cells[row * width + column]
    }

    /// The row as text, wide characters once, trailing spaces kept.
    package func line(_ row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        var text = ""
        for column in 0..<width {
            text += cells[row * width + column].text
        }
        return text
    }

    /// Every row as text.
    package var lines: [String] { (0..<height).map(line) }

    /// The screen as text, trailing spaces trimmed: what a snapshot test compares.
    package var snapshot: String {
        lines.map { line in String(line[..<(line.lastIndex { $0 != " " }.map(line.index(after:)) ?? line.startIndex)]) }
            .joined(separator: "\n")
    }

    /// Draws `text` from `column` on `row`, at most `limit` columns (to the right edge by
    /// default), and returns the column after the last one drawn. A wide character that
    /// would not fit whole becomes a space; zero-width graphemes are dropped.
    @discardableResult
    package mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return column }
        let end = min(width, column + max(0, limit ?? width))
        var at = column
        for character in SafeText.sanitized(text) {
            let size = DisplayWidth.of(character)
            if size == 0 { continue }
            if at + size > end {
                if at < end { set(row, at, Cell(text: " ", width: 1, style: style)) }
                return at < end ? at + 1 : at
            }
            set(row, at, Cell(text: String(character), width: size, style: style))
            for covered in at + 1..<at + size { set(row, covered, Cell(text: "", width: 0, style: style)) }
            at += size
        }
        return at
    }

    /// Paints columns `from..<to` of `row` with spaces in `style` (a selection bar, a header).
    package mutating func fill(row: Int, from: Int = 0, to: Int? = nil, style: Style) {
        guard row >= 0, row < height else { return }
        let stop = min(width, to ?? width)
        var column = max(0, from)
        while column < stop {
            set(row, column, Cell(text: " ", width: 1, style: style))
            column += 1
        }
    }

    /// Writes one cell, turning into spaces the rest of a wide grapheme whose columns it overwrites.
    private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
        let index = row * width + column
        let old = cells[index]
        if old.width == 0, column > 0 {
            var start = column - 1
            while start > 0, cells[row * width + start].width == 0 { start -= 1 }
            blank(row, from: start, count: cells[row * width + start].width)
        }
        if old.width > 1 { blank(row, from: column + 1, count: old.width - 1) }
        cells[index] = cell
    }

    /// Spaces in place of `count` columns from `column`, each keeping its style.
    private mutating func blank(_ row: Int, from column: Int, count: Int) {
        for covered in column..<min(width, column + count) {
            let index = row * width + covered
            cells[index] = Cell(text: " ", width: 1, style: cells[index].style)
        }
    }
}

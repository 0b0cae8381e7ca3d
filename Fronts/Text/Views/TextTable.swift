/// Lays rows of cells out in columns by display width, two spaces apart; the last column is not
/// padded, and a column wider than its cap is truncated with `…`. Cells are sanitised here, so
/// no control character from data reaches the terminal.
package struct TextTable {
    /// The widest a column may grow before its cells are shortened.
    package var columnCap = 40
    /// Whether the last column is shortened to the cap too (it is not padded either way).
    package var capsLastColumn = true

    package init() {}

    package func render(_ rows: [[String]], indent: String = "") -> [String] {
        let safe = rows.map { $0.map { SafeText.sanitized($0) } }
        let count = safe.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in safe {
            for (column, cell) in row.enumerated() {
                widths[column] = min(max(widths[column], DisplayWidth.of(cell)), columnCap)
            }
        }
        return safe.map { row in
            var line = indent
            for (column, cell) in row.enumerated() {
                let last = column == row.count - 1
                if last {
                    line += capsLastColumn ? Truncation.truncate(cell, toColumns: columnCap) : cell
                } else {
                    line += Truncation.fit(cell, toColumns: widths[column])
                }
                if !last { line += "  " }
            }
            return line
        }
    }
}

/// A whole table laid out at once, as lines (`loans history`): the layout of every text table
/// (`TextColumns`), with the widths of all its rows.
package struct TextTable {
    /// The widest a column may grow before its cells are shortened.
    package var columnCap = 40
    /// Whether the last column is shortened to the cap too (it is not padded either way).
    package var capsLastColumn = true

    package init() {}

    package func render(_ rows: [[String]]) -> [String] {
        var columns = TextColumns(colour: false)
        columns.columnCap = columnCap
        columns.capsLastColumn = capsLastColumn
        for row in rows { columns.row(row, status: nil) }
        var bytes: [UInt8] = []
        columns.layOut { bytes += $0 }
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }
}

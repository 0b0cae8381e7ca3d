import LoansCore

/// Streams a text table into a byte sink as its rows come (`loans list`, `loans agenda` …), with
/// the layout of every text table (`TextColumns`). Rows wait in a block until their columns'
/// widths are known; a block holds at most `blockRows` rows (and `blockBytes` of cells), so memory
/// stays bounded however long the listing. A listing that fits in one block is laid out exactly
/// as a whole table would be. A longer one is laid out a block at a time, each block's columns as
/// wide as the widest cell so far: a column may widen at the first row of a block, never narrow.
package struct TextTableWriter {
    /// The most rows laid out together.
    package static let blockRows = 5_000
    /// The most bytes of cells laid out together (only rows of very long or wide text reach it
    /// before `blockRows`).
    static let blockBytes = 2 << 20

    private var columns: TextColumns
    private let sink: any ByteSink
    private var rows = 0

    /// Writes into `sink`; with `colour`, each row in the colour of its status.
    package init(colour: Bool = false, into sink: any ByteSink) {
        columns = TextColumns(colour: colour)
        columns.reserve(rows: TextTableWriter.blockRows, bytes: TextTableWriter.blockBytes)
        self.sink = sink
    }

    /// Whether no row has been given yet.
    package var isEmpty: Bool { rows == 0 }

    /// A heading line (`OVERDUE (3)`); the rows after it are indented.
    package mutating func heading(_ text: String) {
        columns.heading(text)
    }

    /// A line of its own, outside the columns (an answer with no rows says so with one).
    package mutating func line(_ text: String) {
        columns.line(text)
    }

    /// The next cell of the row being given.
    package mutating func cell(_ text: String) {
        columns.cell(text)
    }

    /// The next cell: words, then a text (`lent to ` and the name).
    package mutating func cell(_ prefix: StaticString, _ text: String) {
        columns.cell(prefix, text)
    }

    /// The next cell: words, then a number (`#` and the id).
    package mutating func cell(_ prefix: StaticString, number: Int64) {
        columns.cell(prefix, number: number)
    }

    /// The next cell: words, then a date as `YYYY-MM-DD` (`due ` and the due date).
    package mutating func cell(_ prefix: StaticString, date: CivilDate) {
        columns.cell(prefix, date: date)
    }

    /// The row's last cell, which ends it; `status` colours the row (nil: plain). A full block
    /// is laid out and written.
    package mutating func endRow(last text: String, status: LoanStatus? = nil) throws {
        columns.endRow(last: text, status: status)
        rows += 1
        if columns.rowsWaiting >= TextTableWriter.blockRows || columns.bytesWaiting >= TextTableWriter.blockBytes {
            try columns.layOut { try sink.write($0) }
        }
    }

    /// Lays out and writes what waits: call once, after the last row.
    package mutating func finish() throws {
        try columns.layOut { try sink.write($0) }
    }
}

import LoansCore
import LoansText

/// Lays the list out: headings, and rows in columns by display width — `#id`, title,
/// counterparty, and the relative day aligned right — the cursor's row inverted. The id and
/// the relative day are always whole; on a narrow screen the title and the counterparty shrink.
enum ListView {
    /// The relative-day column is at least this wide ("365 days overdue") where there is room,
    /// so it rarely moves.
    static let dayColumn = 16

    static func draw(_ list: ListBody, in area: Area, on screen: inout ScreenBuffer) {
        let rows = list.lines.compactMap { line -> RowFrame? in
            if case .row(let row) = line { return row }
            return nil
        }
        let idWidth = rows.map { DisplayWidth.of("#\($0.id)") }.max() ?? 0
        let dayWidth = max(rows.map { DisplayWidth.of($0.relativeDay) }.max() ?? 0, min(dayColumn, area.width / 3))
        let textWidth = max(2, area.width - 3 - idWidth - 2 - 2 - 2 - dayWidth - 1)
        let titleWidth = max(1, textWidth * 11 / 20)
        let columns = Columns(id: idWidth, title: titleWidth, party: max(1, textWidth - titleWidth), day: dayWidth)
        for (offset, line) in list.lines.prefix(area.height).enumerated() {
            let row = area.top + offset
            switch line {
            case .heading(let text, let tone):
                screen.put(" " + text, row: row, column: 0, style: Style(tone, bold: true))
            case .row(let loan):
                draw(loan, columns, row: row, width: area.width, on: &screen)
            }
        }
    }

    private struct Columns {
        let id: Int
        let title: Int
        let party: Int
        let day: Int
    }

    private static func draw(_ loan: RowFrame, _ columns: Columns, row: Int, width: Int, on screen: inout ScreenBuffer) {
        let inverse = loan.selected
        let plain = Style(.plain, bold: inverse, inverse: inverse)
        let toned = Style(loan.tone, bold: true, inverse: inverse)
        if inverse { screen.fill(row: row, style: plain) }
        var column = screen.put(inverse ? " ▸ " : "   ", row: row, column: 0, style: toned)
        column = screen.put(Truncation.fit("#\(loan.id)", toColumns: columns.id), row: row, column: column, style: toned) + 2
        let title = Truncation.fit(SafeText.sanitized(loan.title), toColumns: columns.title)
        column = screen.put(title, row: row, column: column, style: plain) + 2
        let party = Truncation.fit(SafeText.sanitized(loan.party), toColumns: columns.party)
        column = screen.put(party, row: row, column: column, style: Style(.plain, inverse: inverse)) + 2
        let day = Truncation.truncate(loan.relativeDay, toColumns: columns.day)
        let start = max(column, width - 1 - DisplayWidth.of(day))
        screen.put(day, row: row, column: start, style: toned)
    }
}

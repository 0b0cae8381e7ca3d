import LoansCore
import LoansText

/// Lays out the notice (empty or failure), a loan's detail, the remove question and the help.
enum PanelView {
    static func notice(_ notice: Notice, in area: Area, on screen: inout ScreenBuffer) {
        var lines = Wrap.lines(notice.text, columns: area.width - 4).map { ($0, Style(notice.tone, bold: true)) }
        if let hint = notice.hint {
            lines.append(("", .plain))
            lines += Wrap.lines(hint, columns: area.width - 4).map { ($0, Style(.muted)) }
        }
        centred(lines, in: area, on: &screen)
    }

    static func confirm(_ confirm: ConfirmBody, in area: Area, on screen: inout ScreenBuffer) {
        var lines = Wrap.lines(confirm.question, columns: area.width - 4).map { ($0, Style(.error, bold: true)) }
        lines.append(("", .plain))
        lines.append(("y removes it · n or Esc keeps it", Style(.muted)))
        centred(lines, in: area, on: &screen)
    }

    /// The fields as label and value, long values wrapped, from the scroll offset on.
    static func detail(_ detail: DetailBody, in area: Area, on screen: inout ScreenBuffer) {
        screen.put(" " + detail.title, row: area.top, column: 0, style: Style(.accent, bold: true))
        let lines = detailLines(detail, width: area.width)
        let visible = area.height - 2
        let first = min(max(0, detail.scroll), max(0, lines.count - visible))
        for (offset, line) in lines.dropFirst(first).prefix(visible).enumerated() {
            let row = area.top + 2 + offset
            screen.put(line.label, row: row, column: 2, style: Style(.muted))
            screen.put(line.value, row: row, column: line.valueColumn, style: Style(line.tone, bold: line.tone != .plain && line.tone != .muted))
        }
    }

    /// How many lines the detail takes at this width (for scrolling).
    static func detailLineCount(_ detail: DetailBody, width: Int) -> Int {
        detailLines(detail, width: width).count
    }

    private static func detailLines(_ detail: DetailBody, width: Int) -> [(label: String, value: String, tone: Tone, valueColumn: Int)] {
        let labelWidth = detail.fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        let valueColumn = 2 + labelWidth + 2
        var lines: [(String, String, Tone, Int)] = []
        for field in detail.fields {
            let wrapped = Wrap.lines(SafeText.sanitized(field.value), columns: width - valueColumn - 1)
            for (index, part) in wrapped.enumerated() {
                lines.append((index == 0 ? field.label : "", part, field.tone, valueColumn))
            }
        }
        return lines
    }

    static func help(_ help: HelpBody, in area: Area, on screen: inout ScreenBuffer) {
        screen.put(" Keys", row: area.top, column: 0, style: Style(.accent, bold: true))
        let visible = area.height - 2
        let first = min(max(0, help.scroll), max(0, help.lines.count - visible))
        for (offset, line) in help.lines.dropFirst(first).prefix(visible).enumerated() {
            let heading = !line.hasPrefix(" ")
            screen.put(" " + line, row: area.top + 2 + offset, column: 0, style: heading ? Style(.accent, bold: true) : .plain)
        }
    }

    private static func centred(_ lines: [(String, Style)], in area: Area, on screen: inout ScreenBuffer) {
        let shown = lines.prefix(area.height)
        let first = area.top + max(0, (area.height - shown.count) / 2)
        for (offset, (text, style)) in shown.enumerated() {
            let column = max(0, (area.width - DisplayWidth.of(text)) / 2)
            screen.put(text, row: first + offset, column: column, style: style)
        }
    }
}

/// Breaks text into lines of at most `columns` display columns, at spaces where it can and
/// between graphemes where a word is too long.
enum Wrap {
    static func lines(_ text: String, columns: Int) -> [String] {
        let columns = max(1, columns)
        let safe = SafeText.sanitized(text)
        guard DisplayWidth.of(safe) > columns else { return [safe] }
        var lines: [String] = []
        var line = ""
        var width = 0
        var lastSpace: String.Index?
        for character in safe {
            let size = DisplayWidth.of(character)
            if width + size > columns {
                if let space = lastSpace {
                    lines.append(String(line[..<space]))
                    line = String(line[line.index(after: space)...])
                } else {
                    lines.append(line)
                    line = ""
                }
                width = DisplayWidth.of(line)
                lastSpace = nil
            }
            if character == " " { lastSpace = line.endIndex }
            line.append(character)
            width += size
        }
        lines.append(line)
        return lines
    }
}

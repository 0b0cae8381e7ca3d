import LoansText

/// Lays a form out: one line per field — label, the text in brackets, then the day a date
/// means or the field's problem — and below them the focused field's problem or the failure
/// in full. The terminal cursor stands in the focused text.
enum FormView {
    static func draw(_ form: FormBody, in area: Area, on screen: inout ScreenBuffer) {
        screen.put(" " + Truncation.truncate(form.title, toColumns: area.width - 2), row: area.top, column: 0, style: Style(.accent, bold: true))
        let labelWidth = form.fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        let boxColumn = 4 + labelWidth + 2
        let boxWidth = max(8, min(40, area.width - boxColumn - 24))
        var row = area.top + 2
        for field in form.fields where row < area.bottom - 1 {
            let labelStyle = field.focused ? Style(.accent, bold: true) : Style(.plain)
            screen.put(field.focused ? "›" : " ", row: row, column: 2, style: labelStyle)
            screen.put(field.label, row: row, column: 4, style: labelStyle)
            let end = field.isToggle
                ? toggle(field, row: row, column: boxColumn, on: &screen)
                : box(field, row: row, column: boxColumn, width: boxWidth, on: &screen)
            let note = field.problem.map { ("✗ " + $0, Style(.error)) } ?? field.meaning.map { ("→ " + $0, Style(.muted)) }
            if let (text, style) = note, area.width - end - 3 >= 10 {
                screen.put(Truncation.truncate(text, toColumns: area.width - end - 3), row: row, column: end + 2, style: style)
            }
            row += 1
        }
        let focused = form.fields.first { $0.focused }
        let message = form.failure.map { ($0, Tone.error) } ?? focused?.problem.map { ($0, Tone.error) }
        if let (text, tone) = message {
            for line in Wrap.lines(text, columns: area.width - 4) where row + 1 < area.bottom {
                row += 1
                screen.put(line, row: row, column: 4, style: Style(tone, bold: true))
            }
        }
    }

    private static func box(_ field: FormBody.Field, row: Int, column: Int, width: Int, on screen: inout ScreenBuffer) -> Int {
        let style = Style(field.focused ? .accent : .plain)
        screen.put("[", row: row, column: column, style: style)
        let shown = field.input.visible(columns: width)
        screen.fill(row: row, from: column + 1, to: column + 1 + width, style: Style(.plain, inverse: field.focused))
        screen.put(shown.text, row: row, column: column + 1, style: Style(.plain, inverse: field.focused), limit: width)
        screen.put("]", row: row, column: column + 1 + width, style: style)
        if field.focused { screen.cursor = CursorPosition(row: row, column: column + 1 + shown.cursorColumn) }
        return column + width + 2
    }

    private static func toggle(_ field: FormBody.Field, row: Int, column: Int, on screen: inout ScreenBuffer) -> Int {
        let style = Style(field.focused ? .accent : .plain, bold: field.focused)
        return screen.put("‹ \(field.input.text) ›", row: row, column: column, style: style)
    }
}

import LoansText

/// Lays a form out: one line per field — label, the text in brackets, then the day a date
/// means or the field's problem when it fits there whole — and below the fields, wrapped and
/// never cut, the failure, the focused field's problem, every problem too long for its line,
/// or the question whether to discard the changes. On a short screen the blank line under the
/// title goes first, then the fields scroll so the focused one stays in view. The terminal
/// cursor stands in the focused text.
enum FormView {
    static func draw(_ form: FormBody, in area: Area, on screen: inout ScreenBuffer) {
        screen.put(" " + Truncation.truncate(form.title, toColumns: area.width - 2), row: area.top, column: 0, style: Style(.accent, bold: true))
        let labelWidth = form.fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        let boxColumn = 4 + labelWidth + 2
        let boxWidth = max(8, min(40, area.width - boxColumn - 24))
        let noteRoom = area.width - (boxColumn + boxWidth + 2) - 3
        let notes = form.fields.map { note($0, room: noteRoom) }
        let below = messages(form, notes: notes).flatMap { text, style in
            Wrap.lines(text, columns: area.width - 4).map { ($0, style) }
        }
        func rows(gap: Int, fields: Int) -> Int { 1 + gap + fields + (below.isEmpty ? 0 : gap + below.count) }
        let gap = rows(gap: 1, fields: form.fields.count) <= area.height ? 1 : 0
        let fieldRows = max(1, area.height - rows(gap: gap, fields: 0))
        let focus = form.fields.firstIndex { $0.focused } ?? 0
        let first = min(max(0, focus - fieldRows + 1), max(0, form.fields.count - fieldRows))
        var row = area.top + 1 + gap
        for (field, note) in zip(form.fields, notes).dropFirst(first).prefix(fieldRows) {
            let labelStyle = field.focused ? Style(.accent, bold: true) : Style(.plain)
            screen.put(field.focused ? "›" : " ", row: row, column: 2, style: labelStyle)
            screen.put(field.label, row: row, column: 4, style: labelStyle)
            let end = field.isToggle
                ? toggle(field, row: row, column: boxColumn, on: &screen)
                : box(field, row: row, column: boxColumn, width: boxWidth, on: &screen)
            if let (text, style) = note {
                screen.put(text, row: row, column: end + 2, style: style)
            }
            row += 1
        }
        row += gap
        for (line, style) in below where row < area.bottom {
            screen.put(line, row: row, column: 4, style: style)
            row += 1
        }
    }

    /// What follows a field on its line: its problem when it fits whole there (else a bare
    /// `✗`, the problem going below the form), or the day a date means.
    private static func note(_ field: FormBody.Field, room: Int) -> (String, Style)? {
        if let problem = field.problem {
            let text = "✗ " + problem
            return (DisplayWidth.of(text) <= room ? text : "✗", Style(.error))
        }
        guard let meaning = field.meaning, room >= 10 else { return nil }
        return (Truncation.truncate("→ " + meaning, toColumns: room), Style(.muted))
    }

    /// What is said in full under the fields.
    private static func messages(_ form: FormBody, notes: [(String, Style)?]) -> [(String, Style)] {
        let loud = Style(.error, bold: true)
        if form.askingToDiscard {
            return [("Discard your changes? y discards them · n keeps editing", loud)]
        }
        var messages: [(String, Style)] = []
        if let failure = form.failure { messages.append((failure, loud)) }
        if let overflow = form.overflow { messages.append((overflow, loud)) }
        for (field, note) in zip(form.fields, notes) {
            guard let problem = field.problem else { continue }
            if field.focused {
                messages.append((problem, loud))
            } else if note?.0 == "✗" {
                messages.append(("\(field.label): \(problem)", Style(.error)))
            }
        }
        return messages
    }

    private static func box(_ field: FormBody.Field, row: Int, column: Int, width: Int, on screen: inout ScreenBuffer) -> Int {
        let style = Style(field.focused ? .accent : .plain)
        screen.put("[", row: row, column: column, style: style)
        let shown = field.input.visible(columns: width)
        screen.fill(row: row, from: column + 1, to: column + 1 + width, style: Style(.plain, inverse: field.focused))
        // A default that typing replaces stands out as selected text does.
        let text = field.prefilled && field.focused ? Style(.accent, bold: true, inverse: true) : Style(.plain, inverse: field.focused)
        screen.put(shown.text, row: row, column: column + 1, style: text, limit: width)
        screen.put("]", row: row, column: column + 1 + width, style: style)
        if field.focused { screen.cursor = CursorPosition(row: row, column: column + 1 + shown.cursorColumn) }
        return column + width + 2
    }

    private static func toggle(_ field: FormBody.Field, row: Int, column: Int, on screen: inout ScreenBuffer) -> Int {
        let style = Style(field.focused ? .accent : .plain, bold: field.focused)
        return screen.put("‹ \(field.input.text) ›", row: row, column: column, style: style)
    }
}

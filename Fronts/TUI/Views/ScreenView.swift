import LoansText

/// Lays a frame out in a screen buffer: the header on the first line, the body, a status line
/// and the key hints on the last line; or, below the minimum size, a notice that the terminal
/// is too small.
package enum ScreenView {
    package static let minimumWidth = 40
    package static let minimumHeight = 8

    /// The first line of the body (below the header).
    package static let bodyTop = 1

    /// The lines between the header and the status line.
    package static func bodyHeight(_ height: Int) -> Int { max(1, height - 3) }

    package static func render(_ frame: Frame, width: Int, height: Int) -> ScreenBuffer {
        var screen = ScreenBuffer(width: width, height: height)
        guard width >= minimumWidth, height >= minimumHeight else {
            tooSmall(&screen)
            return screen
        }
        header(frame, &screen)
        let area = Area(top: bodyTop, height: bodyHeight(height), width: width)
        switch frame.body {
        case .list(let list): ListView.draw(list, in: area, on: &screen)
        case .notice(let notice): PanelView.notice(notice, in: area, on: &screen)
        case .detail(let detail): PanelView.detail(detail, in: area, on: &screen)
        case .form(let form): FormView.draw(form, in: area, on: &screen)
        case .confirm(let confirm): PanelView.confirm(confirm, in: area, on: &screen)
        case .help(let help): PanelView.help(help, in: area, on: &screen)
        }
        status(frame, row: height - 2, &screen)
        footer(frame.hints, row: height - 1, &screen)
        return screen
    }

    /// Below the minimum size: says so, centred, until the terminal grows again.
    static func tooSmall(_ screen: inout ScreenBuffer) {
        let lines = ["Terminal too small", "\(screen.width)×\(screen.height), needs \(minimumWidth)×\(minimumHeight)"]
        let first = max(0, (screen.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let text = Truncation.truncate(line, toColumns: screen.width)
            let column = max(0, (screen.width - DisplayWidth.of(text)) / 2)
            screen.put(text, row: first + offset, column: column, style: Style(offset == 0 ? .error : .muted, bold: offset == 0))
        }
    }

    /// ` loans │ Today: … · Due soon: …   Agenda`, with `DEMO` after the name for a throwaway
    /// demo database; the view's name keeps its place at the right, the middle gives way.
    private static func header(_ frame: Frame, _ screen: inout ScreenBuffer) {
        let bar = Style(.accent, inverse: true)
        let strong = Style(.accent, bold: true, inverse: true)
        screen.fill(row: 0, style: bar)
        let context = Truncation.truncate(frame.context, toColumns: max(0, screen.width / 3))
        let contextWidth = DisplayWidth.of(context)
        var end = screen.put(" loans ", row: 0, column: 0, style: strong)
        if frame.demo { end = screen.put("DEMO", row: 0, column: end, style: Style(.error, bold: true, inverse: true)) + 1 }
        end = screen.put("│ ", row: 0, column: end, style: strong)
        let room = max(0, screen.width - end - contextWidth - 3)
        screen.put(Truncation.truncate(frame.header, toColumns: room), row: 0, column: end, style: bar)
        screen.put(context, row: 0, column: screen.width - contextWidth - 1, style: strong)
    }

    private static func status(_ frame: Frame, row: Int, _ screen: inout ScreenBuffer) {
        switch frame.status {
        case .message(let text, let tone):
            screen.put(" " + text, row: row, column: 0, style: Style(tone, bold: tone == .error))
        case .filter(let input, let note):
            let start = screen.put(" Filter: /", row: row, column: 0, style: Style(.accent, bold: true))
            // What the filter refused goes at the right end, whole when it fits; the text gives way.
            let shownNote = note.map { Truncation.truncate($0, toColumns: max(0, screen.width - start - 12)) }
            let noteWidth = shownNote.map { DisplayWidth.of($0) + 2 } ?? 0
            let shown = input.visible(columns: screen.width - start - 1 - noteWidth)
            screen.put(shown.text, row: row, column: start)
            if let shownNote {
                screen.put(shownNote, row: row, column: screen.width - noteWidth + 1, style: Style(.error, bold: true))
            }
            screen.cursor = CursorPosition(row: row, column: start + shown.cursorColumn)
        case nil:
            break
        }
        if case .list(let list) = frame.body, list.moreAbove || list.moreBelow {
            let more = "\(list.moreAbove ? "▲" : " ")\(list.moreBelow ? "▼" : " ") more "
            screen.put(more, row: row, column: screen.width - DisplayWidth.of(more), style: Style(.muted))
        }
    }

    /// The key hints from the left, as many as fit; the last two (help, quit or back) always
    /// show, at the right end when the others have to make room.
    private static func footer(_ hints: [KeyHint], row: Int, _ screen: inout ScreenBuffer) {
        func width(_ hint: KeyHint) -> Int { DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.action) + 2 }
        let pinned = hints.count > 2 ? Array(hints.suffix(2)) : []
        let leading = hints.dropLast(pinned.count)
        let room = screen.width - 1 - pinned.map(width).reduce(0, +)
        var shown: [KeyHint] = []
        var used = 0
        for hint in leading {
            guard used + width(hint) <= room else { break }
            shown.append(hint)
            used += width(hint)
        }
        var column = 1
        for hint in shown + pinned where column + width(hint) <= screen.width + 1 {
            column = screen.put(hint.key, row: row, column: column, style: Style(.accent, bold: true))
            column = screen.put(" " + hint.action, row: row, column: column, style: Style(.muted)) + 2
        }
    }
}

/// The rectangle of the screen a body may use.
struct Area {
    let top: Int
    let height: Int
    let width: Int

    var bottom: Int { top + height }
}

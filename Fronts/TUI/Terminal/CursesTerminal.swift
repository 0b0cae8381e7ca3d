import CNcurses
import Glibc

/// Why the terminal could not be used.
package struct TerminalError: Error, CustomStringConvertible {
    package let description: String
}

/// The thin layer over ncursesw for output: starts and restores the terminal, copies a screen
/// buffer to it, and follows its size. Input is read by `TerminalInput`, not by ncurses.
final class CursesTerminal {
    private(set) var width: Int
    private(set) var height: Int
    private let colours: Bool
    private var shown: ScreenBuffer?

    /// Whether `TERM` names a terminal that can be driven full-screen (`TERM=dumb` cannot).
    static var isDrivable: Bool { loans_terminal_is_drivable() != 0 }

    /// Takes over the terminal: the locale for wide characters, the signal guard, then ncurses
    /// in cbreak mode without echo, the cursor hidden, and loans' own modes (mouse, paste).
    init(colours wanted: Bool) throws(TerminalError) {
        setlocale(LC_ALL, "")
        if loans_codeset_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
        SignalGuard.install()
        guard let screen = loans_newterm() else {
            SignalGuard.uninstall()
            let term = getenv("TERM").map { String(cString: $0) } ?? ""
            throw TerminalError(description: "cannot use the terminal (TERM=\(term.isEmpty ? "unset" : term))")
        }
        set_term(screen)
        cbreak()
        noecho()
        nonl()
        typeahead(-1)
        curs_set(0)
        colours = wanted && has_colors()
        if colours {
            start_color()
            let background = use_default_colors() == OK ? -1 : COLOR_BLACK
            for (pair, colour) in [(1, COLOR_RED), (2, COLOR_YELLOW), (3, COLOR_CYAN), (4, COLOR_RED), (5, COLOR_GREEN)] {
                init_pair(Int16(pair), Int16(colour), Int16(background))
            }
        }
        width = Int(loans_cols())
        height = Int(loans_lines())
        TerminalModes.enable()
    }

    /// Gives the terminal back as it was: loans' modes off, cursor shown, modes restored, main
    /// screen back.
    func close() {
        TerminalModes.disable()
        curs_set(1)
        endwin()
        SignalGuard.uninstall()
    }

    /// The new size when the terminal changed size since the last look (ncurses is told).
    func resize() -> TUIEvent? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard loans_window_size(STDOUT_FILENO, &rows, &columns) != 0,
              Int(rows) != height || Int(columns) != width
        else { return nil }
        resizeterm(rows, columns)
        width = Int(columns)
        height = Int(rows)
        shown = nil
        return .resize(width: width, height: height)
    }

    /// Forgets what is on screen, so the next draw repaints everything (Ctrl-L).
    func repaint() {
        _ = loans_clear_on_next_refresh()
        shown = nil
    }

    /// Copies the buffer to the terminal, run by run of equal style; unchanged screens are skipped.
    func draw(_ screen: ScreenBuffer) {
        if let shown, shown.cells == screen.cells, shown.cursor == screen.cursor { return }
        shown = screen
        _ = loans_erase()
        for row in 0..<screen.height {
            var column = 0
            while column < screen.width {
                let style = screen.cell(row: row, column: column).style
                let start = column
                var run: [wchar_t] = []
                while column < screen.width, screen.cell(row: row, column: column).style == style {
                    let cell = screen.cell(row: row, column: column)
                    if cell.width > 0 { run += CursesTerminal.characters(cell) }
                    column += 1
                }
                apply(style)
                _ = loans_put(Int32(row), Int32(start), run, Int32(run.count))
            }
        }
        if let cursor = screen.cursor {
            curs_set(1)
            loans_move(Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        _ = loans_refresh()
    }

    private func apply(_ style: Style) {
        var attributes = loans_a_normal()
        if style.bold { attributes |= loans_a_bold() }
        if style.inverse { attributes |= loans_a_reverse() }
        var pair: Int16 = 0
        switch style.tone {
        case .plain: break
        case .muted: attributes |= loans_a_dim()
        case .overdue: pair = 1
        case .dueSoon: pair = 2
        case .accent: pair = 3
        case .error: pair = 4
        case .success: pair = 5
        }
        loans_set_style(attributes, colours ? pair : 0)
    }

    /// A cell's grapheme as the terminal will measure it: as is when the C library agrees on
    /// its width, else its first character padded (a ZWJ sequence, a skin tone), so that
    /// every column stays where the buffer put it.
    static func characters(_ cell: Cell) -> [wchar_t] {
        let scalars = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        let measured = scalars.reduce(0) { $0 + max(0, Int(loans_wcwidth($1))) }
        if measured == cell.width { return scalars }
        if let first = scalars.first, Int(loans_wcwidth(first)) > 0, Int(loans_wcwidth(first)) <= cell.width {
            return [first] + Array(repeating: wchar_t(32), count: cell.width - Int(loans_wcwidth(first)))
        }
        return Array(repeating: wchar_t(63), count: cell.width)
    }
}

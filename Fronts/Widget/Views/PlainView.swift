import LoansText

/// `--format plain`: the visible text on one line, coloured with ANSI only when the command
/// line says stdout is a terminal and `NO_COLOR` is unset.
enum PlainView {
    static func line(_ text: WidgetText, colour: Bool) -> String {
        TextColour.paint(text.full, WidgetPalette.status(text.state), colour: colour)
    }
}

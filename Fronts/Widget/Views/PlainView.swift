/// `--format plain`: the visible text on one line, coloured with ANSI only when the command
/// line says stdout is a terminal and `NO_COLOR` is unset.
enum PlainView {
    static func line(_ text: WidgetText, colour: Bool) -> String {
        guard colour, !text.full.isEmpty, let code = WidgetPalette.ansi(text.state) else { return text.full }
        return "\u{1B}[\(code)m" + text.full + "\u{1B}[0m"
    }
}

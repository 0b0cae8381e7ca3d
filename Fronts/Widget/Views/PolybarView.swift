/// `--format polybar`, for a script module: one line coloured with `%{F#rrggbb}…%{F-}`; a `%{`
/// from data is broken so it can never form a tag or a click action (`PolybarEscaping`).
enum PolybarView {
    static func line(_ text: WidgetText) -> String {
        let shown = PolybarEscaping.escape(text.full)
        guard !text.full.isEmpty, let colour = WidgetPalette.hex(text.state) else { return shown }
        return "%{F\(colour)}" + shown + "%{F-}"
    }
}

/// `--format tmux`, for `#(loans widget --format tmux)` in `status-right`: one line styled
/// `#[fg=red]…#[default]` (yellow when only something is due soon), every `#` from data
/// escaped so tmux shows it literally (`TmuxEscaping`).
enum TmuxView {
    static func line(_ text: WidgetText) -> String {
        guard !text.full.isEmpty, let colour = WidgetPalette.name(text.state) else {
            return TmuxEscaping.escape(text.full, followedByTag: false)
        }
        return "#[fg=\(colour)]" + TmuxEscaping.escape(text.full, followedByTag: true) + "#[default]"
    }
}

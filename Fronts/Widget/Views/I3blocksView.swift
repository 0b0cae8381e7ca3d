import LoansText

/// `--format i3blocks`: three lines (full text, short text, colour), Pango-escaped with
/// `--pango` (for a block with `markup=pango`). The exit status 33, which marks the block
/// urgent, is decided in `WidgetStyle.render`: anything overdue.
enum I3blocksView {
    static func lines(_ text: WidgetText, pango: Bool) -> [String] {
        let escape = pango ? PangoEscaping.escape : { $0 }
        return [escape(text.full), escape(text.short), WidgetPalette.hex(text.state) ?? ""]
    }
}

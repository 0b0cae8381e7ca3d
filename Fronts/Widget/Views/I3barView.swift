import LoansText

/// `--format i3bar`: one block of the i3bar protocol (`name`, `full_text`, `short_text`, and
/// `color` and `urgent` when something is due), with `"markup":"pango"` and Pango-escaped text
/// under `--pango`. `WidgetFeed` frames the blocks as the whole protocol under `--watch`.
enum I3barView {
    static func block(_ text: WidgetText, pango: Bool) -> JSONLine {
        let escape = pango ? PangoEscaping.escape : { $0 }
        var block = JSONLine()
        block.add("name", .string("loans"))
        block.add("full_text", .string(escape(text.full)))
        block.add("short_text", .string(escape(text.short)))
        if let colour = WidgetPalette.hex(text.state) { block.add("color", .string(colour)) }
        if text.state == .overdue { block.add("urgent", .boolean(true)) }
        if pango { block.add("markup", .string("pango")) }
        return block
    }
}

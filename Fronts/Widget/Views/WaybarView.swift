import LoansText

/// `--format waybar`, for a custom module with `"return-type": "json"`: one JSON line with
/// `text`, `alt`, `tooltip`, `class` and `percentage`. waybar reads `text`, `alt` and `tooltip`
/// as Pango markup (unless `"escape": true`, which must stay off), so all three are escaped.
/// `alt` and `class` are the state (`overdue`, `due-soon`, `none`, `error`); `percentage` is
/// 100 when anything is overdue, 50 when something is due soon, 0 otherwise.
enum WaybarView {
    static func line(_ text: WidgetText) -> String {
        var line = JSONLine()
        line.add("text", .string(PangoEscaping.escape(text.full)))
        line.add("alt", .string(text.state.rawValue))
        line.add("tooltip", .string(PangoEscaping.escape(text.tooltip)))
        line.add("class", .string(text.state.rawValue))
        line.add("percentage", .integer(percentage(text.state)))
        return line.encoded
    }

    static func percentage(_ state: WidgetState) -> Int {
        switch state {
        case .overdue: 100
        case .dueSoon: 50
        case .nothingDue, .failed: 0
        }
    }
}

import LoansText

/// `--format i3status-rust`, for a `custom` block with `json = true`: one JSON line with
/// `icon` (`tasks`, present in every bundled icon set), `state` (Idle, Warning when something
/// is due soon, Critical when anything is overdue or the answer failed), and Pango-escaped
/// `text` and `short_text` (i3status-rust renders them as markup).
enum I3statusRustView {
    static func line(_ text: WidgetText) -> String {
        var line = JSONLine()
        line.add("icon", .string("tasks"))
        line.add("state", .string(state(text.state)))
        line.add("text", .string(PangoEscaping.escape(text.full)))
        line.add("short_text", .string(PangoEscaping.escape(text.short)))
        return line.encoded
    }

    static func state(_ state: WidgetState) -> String {
        switch state {
        case .overdue, .failed: "Critical"
        case .dueSoon: "Warning"
        case .nothingDue: "Idle"
        }
    }
}

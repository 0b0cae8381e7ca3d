import LoansText

/// The agenda as one desktop notification, for a click on the widget (`--click 3`), as
/// `notify-send` takes it: the heading the tooltip has (the counts, "Nothing overdue or due
/// soon." or why the answer failed) as the summary, which notification servers show as plain
/// text; the loans, one a line and at most `WidgetPresenter.listedLoans` then "… and N more", as
/// the body, Pango-escaped, because servers read the body as markup. Urgency `normal`: the user
/// asked for it, so it need not stay until dismissed as a `critical` one does.
package struct WidgetNotificationView: Hashable, Sendable {
    package let urgency: String
    package let summary: String
    package let body: String

    package init(_ text: WidgetText) {
        urgency = "normal"
        summary = text.heading
        var body = ""
        for line in text.lines {
            if !body.isEmpty { body += "\n" }
            body += PangoEscaping.escape(line)
        }
        self.body = body
    }
}

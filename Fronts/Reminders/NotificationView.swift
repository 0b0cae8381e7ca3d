import LoansText

/// A desktop notification of a digest, as `notify-send` takes it: urgency `critical` when
/// anything is overdue, else `normal`; the summary line as the title; the loans' lines as the
/// body, Pango-escaped (notification servers read the body as markup).
package struct DigestNotification: Hashable, Sendable {
    package let urgency: String
    package let summary: String
    package let body: String

    package init(_ text: DigestText) {
        urgency = text.isUrgent ? "critical" : "normal"
        summary = text.summary
        body = text.lines.map(PangoEscaping.escape).joined(separator: "\n")
    }
}

import LoansCore
import LoansText

/// Words the agenda summary for a status bar and fits it to the width: the first two steps of
/// the widget's pipeline (control characters to spaces, then shortening by display width);
/// views escape last. It decides what "nothing due" and "failed" read as, never a bar's syntax.
package struct WidgetPresenter: Sendable {
    /// `--max-width` when none is given.
    package static let defaultMaxWidth = 50
    /// The `--max-width` values accepted.
    package static let maxWidthRange = 1...1000
    /// What every bar shows when the answer could not be read.
    package static let failureText = "loans: error"
    /// The most loans a tooltip or a notification lists (then "… and N more").
    package static let listedLoans = 20
    /// The heading of a tooltip or a notification when nothing is due.
    package static let nothingDueText = "Nothing overdue or due soon."

    let maxWidth: Int
    let maxBytes: Int
    let empty: String

    /// `maxWidth` display columns for the visible text, at most `maxBytes` UTF-8 bytes of it
    /// (a bar's buffer, before escaping: see `WidgetStyle.visibleBytes`); `empty` shown when
    /// nothing is due.
    package init(
        maxWidth: Int = WidgetPresenter.defaultMaxWidth, maxBytes: Int = WidgetFitting.maximumBytes, empty: String = ""
    ) {
        self.maxWidth = max(maxWidth, 1)
        self.maxBytes = max(maxBytes, 16)
        self.empty = empty
    }

    /// The counts, the agenda's first loans (the most urgent first) and their days, in words;
    /// nothing is shortened yet. At most `listedLoans` are listed.
    package static func model(_ summary: AgendaSummary) -> WidgetModel {
        let state: WidgetState = summary.overdueCount > 0 ? .overdue : summary.dueSoonCount > 0 ? .dueSoon : .nothingDue
        guard state != .nothingDue else {
            return WidgetModel(state: state, overdueCount: 0, dueSoonCount: 0, listed: [], unlisted: 0)
        }
        var listed: [WidgetModel.UrgentLoan] = []
        listed.reserveCapacity(min(summary.leading.count, listedLoans))
        for loan in summary.leading.prefix(listedLoans) {
            listed.append(WidgetModel.UrgentLoan(
                title: SafeText.sanitized(loan.loan.title),
                party: SafeText.sanitized(LoanWording.party(loan.loan)),
                day: RelativeDay.phrase(loan)
            ))
        }
        return WidgetModel(
            state: state, overdueCount: summary.overdueCount, dueSoonCount: summary.dueSoonCount,
            listed: listed, unlisted: max(summary.overdueCount + summary.dueSoonCount - listed.count, 0)
        )
    }

    /// The summary as a bar shows it.
    package func present(_ summary: AgendaSummary) -> WidgetText {
        text(WidgetPresenter.model(summary))
    }

    /// The model fitted to the width: the title gives way first; when not even one character of
    /// it and `…` would fit, the line shows the counts alone.
    package func text(_ model: WidgetModel) -> WidgetText {
        guard model.state != .nothingDue else {
            let shown = fit(SafeText.sanitized(empty))
            return WidgetText(state: .nothingDue, full: shown, short: shown, heading: WidgetPresenter.nothingDueText)
        }
        let counts = model.counts
        let short = fit(counts)
        var lines: [String] = []
        lines.reserveCapacity(model.listed.count + 1)
        for loan in model.listed {
            var line = WidgetFitting.capped(loan.title)
            line += " — "
            line += WidgetFitting.capped(loan.party)
            line += ", "
            line += loan.day
            lines.append(line)
        }
        if model.unlisted > 0, !lines.isEmpty { lines.append("… and \(model.unlisted) more") }
        guard let urgent = model.urgent else {
            return WidgetText(state: model.state, full: short, short: short, heading: counts, lines: lines)
        }
        let prefix = counts + ": "
        let suffix = " (\(urgent.day))"
        let columns = maxWidth - DisplayWidth.of(prefix) - DisplayWidth.of(suffix)
        let bytes = maxBytes - prefix.utf8.count - suffix.utf8.count
        let full = columns >= 2 && bytes >= 8
            ? prefix + WidgetFitting.shorten(urgent.title, columns: columns, bytes: bytes) + suffix
            : short
        return WidgetText(state: model.state, full: full, short: short, heading: counts, lines: lines)
    }

    /// What every bar shows on a failure; the message (a tooltip's heading) is sanitised and
    /// shortened.
    package func failure(_ message: String) -> WidgetText {
        let shown = fit(WidgetPresenter.failureText)
        let detail = WidgetFitting.capped(SafeText.sanitized("loans: " + message))
        return WidgetText(state: .failed, full: shown, short: shown, heading: detail)
    }

    private func fit(_ text: String) -> String {
        WidgetFitting.shorten(text, columns: maxWidth, bytes: maxBytes)
    }
}

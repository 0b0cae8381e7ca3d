import LoansCore

/// The widget's answer in a bar's words: the agenda summary worded and fitted by the presenter;
/// when the loans cannot be read — a server that did not answer in time included — a bar format
/// shows `loans: error` in its own shape (bars take a non-zero exit for a broken block) and the
/// message goes to `report`, while plain text rethrows so that the command exits non-zero.
package struct WidgetAnswer {
    package let style: WidgetStyle
    let presenter: WidgetPresenter

    package init(style: WidgetStyle, presenter: WidgetPresenter) {
        self.style = style
        self.presenter = presenter
    }

    /// The text for the summary `read` answers (plain text: rethrows a failure).
    package func text(_ read: () throws -> AgendaSummary, report: (String) -> Void) rethrows -> WidgetText {
        do {
            return presenter.present(try read())
        } catch let error where style.format != .plain {
            let message = String(describing: error)
            report(message)
            return presenter.failure(message)
        }
    }

}

import LoansCore

/// The widget's answer in a bar's words: the agenda summary worded and fitted by the presenter;
/// when the loans cannot be read — a server that did not answer in time included — a bar format
/// shows `loans: error` in its own shape (bars take a non-zero exit for a broken block) and the
/// message goes to `report`, while plain text rethrows so that the command exits non-zero.
package struct WidgetAnswer {
    package let style: WidgetStyle
    let presenter: WidgetPresenter
    /// How many of the agenda's loans to read (`AgendaQuery.summary(_:leading:)`): the list, for a
    /// bar that shows it on a hover (waybar's tooltip) or a click that shows it (a notification);
    /// the most urgent loan alone otherwise, which is all a line needs.
    package let leading: Int

    /// `listing`: the answer is also shown as a list (a click's notification).
    package init(style: WidgetStyle, presenter: WidgetPresenter, listing: Bool = false) {
        self.style = style
        self.presenter = presenter
        leading = listing || style.format == .waybar ? WidgetPresenter.listedLoans : 1
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

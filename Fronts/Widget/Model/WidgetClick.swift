/// What a click on the widget asks for, by the bar's mouse button — X11's numbers, which i3bar,
/// i3blocks (`$BLOCK_BUTTON`), waybar and polybar all pass on: 1 left, 2 middle, 3 right, 4 and 5
/// the wheel. The line the bar shows is printed after it either way.
package enum WidgetClick: Hashable, Sendable {
    /// Button 1: the TUI, in a terminal.
    case openTUI
    /// Button 3: the agenda, as one desktop notification.
    case showAgenda
    /// No click (i3blocks' `BLOCK_BUTTON` is empty when its timer runs the block), or a button
    /// that means nothing more than the line.
    case none

    /// The buttons `--click` accepts (X11 numbers them in a byte; 0 is none).
    package static let buttons = 1...255

    /// The click of `button`; nil, no button.
    package init(button: Int?) {
        switch button {
        case 1: self = .openTUI
        case 3: self = .showAgenda
        default: self = .none
        }
    }
}

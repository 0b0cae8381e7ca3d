import LoansCore

/// The bars loans speaks to: `loans widget --format F`.
package enum WidgetFormat: String, CaseIterable, Hashable, Sendable {
    case plain, tmux, i3blocks, i3bar, waybar
    case i3statusRust = "i3status-rust"
    case polybar

    /// Whether `--pango` means anything: i3bar and i3blocks read Pango markup when their
    /// configuration says so, waybar and i3status-rust always do; the text formats never.
    package var acceptsPango: Bool { self != .plain && self != .tmux && self != .polybar }
}

/// What a view printed for one answer: the lines, and whether the process should exit with
/// i3blocks' "urgent" status (33).
package struct WidgetOutput: Hashable, Sendable {
    package let lines: [String]
    package let urgent: Bool
}

/// How to draw the widget: the bar's format and the choices made for it (Pango markup for
/// i3bar and i3blocks, ANSI colour for plain text on a terminal). Views escape the visible
/// text for their bar and give it the bar's exact shape; they never change the words.
package struct WidgetStyle: Hashable, Sendable {
    package let format: WidgetFormat
    package let pango: Bool
    package let colour: Bool

    package init(format: WidgetFormat, pango: Bool = false, colour: Bool = false) {
        self.format = format
        self.pango = pango || format == .waybar || format == .i3statusRust
        self.colour = colour && format == .plain
    }

    /// The most UTF-8 bytes of visible text per field before escaping. i3blocks keeps at most
    /// 512 bytes of short text (1.4; 1.5 fails at BUFSIZ), and Pango escaping can grow text
    /// sixfold; every other bar reads a line of any length.
    package var visibleBytes: Int {
        guard format == .i3blocks else { return WidgetFitting.maximumBytes }
        return pango ? 500 / 6 : 500
    }

    /// Everything one run prints.
    package func render(_ text: WidgetText) -> WidgetOutput {
        switch format {
        case .i3blocks:
            return WidgetOutput(lines: I3blocksView.lines(text, pango: pango), urgent: text.state == .overdue)
        default:
            return WidgetOutput(lines: [update(text)], urgent: false)
        }
    }

    /// The one line `--watch` prints for an answer: i3blocks' full text (its `interval=persist`
    /// reads one line per update), i3bar's block (framed by `WidgetFeed`), the line otherwise.
    package func update(_ text: WidgetText) -> String {
        switch format {
        case .plain: PlainView.line(text, colour: colour)
        case .tmux: TmuxView.line(text)
        case .i3blocks: I3blocksView.lines(text, pango: pango)[0]
        case .i3bar: I3barView.block(text, pango: pango).encoded
        case .waybar: WaybarView.line(text)
        case .i3statusRust: I3statusRustView.line(text)
        case .polybar: PolybarView.line(text)
        }
    }
}

/// The colours of the states: red when anything is overdue (or the answer failed), yellow
/// when something is due soon, the bar's own colour otherwise.
enum WidgetPalette {
    static func hex(_ state: WidgetState) -> String? {
        switch state {
        case .overdue, .failed: "#FF5555"
        case .dueSoon: "#FFCC00"
        case .nothingDue: nil
        }
    }

    /// tmux colour names.
    static func name(_ state: WidgetState) -> String? {
        switch state {
        case .overdue, .failed: "red"
        case .dueSoon: "yellow"
        case .nothingDue: nil
        }
    }

    /// The loan status whose colour a state takes on a terminal (`TextColour`, the one table of
    /// text output's colours): a failed answer is as red as an overdue loan.
    static func status(_ state: WidgetState) -> LoanStatus {
        switch state {
        case .overdue, .failed: .overdue
        case .dueSoon: .dueSoon
        case .nothingDue: .open
        }
    }
}

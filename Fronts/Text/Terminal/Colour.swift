import LoansCore

/// `--color` and the config file's `color`: whether text output is coloured.
package enum ColourChoice: String, CaseIterable, Hashable, Sendable {
    /// Colour a terminal, unless `TERM=dumb`.
    case auto
    case always
    case never

    /// The one rule every front that writes text follows (the text commands, the plain widget,
    /// the TUI): `always` and `never` as chosen; `auto` colours when the output is a terminal
    /// whose `TERM` is not `dumb`. (`NO_COLOR` set to anything but the empty text reaches here as
    /// `never`, unless an option chose otherwise.)
    package func colours(terminal: Bool, term: String?) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: terminal && term != "dumb"
        }
    }
}

/// The colours of text output: overdue red, due soon yellow, returned dim.
package enum TextColour {
    /// The SGR parameters for a loan's status, nil when it is shown plainly.
    package static func sgr(_ status: LoanStatus) -> String? {
        switch status {
        case .overdue: "31"
        case .dueSoon: "33"
        case .returned: "2"
        case .open: nil
        }
    }

    /// `text` in the colour of `status` (unchanged when `colour` is off or the status is plain).
    package static func paint(_ text: String, _ status: LoanStatus, colour: Bool) -> String {
        guard colour, let sgr = sgr(status), !text.isEmpty else { return text }
        return "\u{1B}[\(sgr)m" + text + "\u{1B}[0m"
    }
}

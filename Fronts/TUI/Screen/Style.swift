/// The meaning of a piece of text on screen; the terminal layer picks the colour.
package enum Tone: Hashable, Sendable {
    case plain
    /// Overdue loans and their heading: red.
    case overdue
    /// Loans due soon and their heading: yellow.
    case dueSoon
    /// Titles, key names and the header: cyan.
    case accent
    /// Hints and secondary text: dim.
    case muted
    /// Failures and refused input: red.
    case error
    /// Confirmations: green.
    case success
}

/// How a cell is drawn: its tone, and whether it is bold or shown inverted (the selection).
package struct Style: Hashable, Sendable {
    package var tone: Tone
    package var bold: Bool
    package var inverse: Bool

    package init(_ tone: Tone = .plain, bold: Bool = false, inverse: Bool = false) {
        self.tone = tone
        self.bold = bold
        self.inverse = inverse
    }

    package static let plain = Style()
}

/// Polybar reads `%{…}` as a formatting tag or a click action (`%{A1:command:}` runs a shell)
/// and has no escape for it. A `%` from data directly followed by `{` gets an empty offset tag,
/// `%{O0}` (move 0 pixels), between them: polybar reads `%` as text, the tag as nothing, then `{`
/// as text, so it shows exactly the data and the two can never form a tag. A character would
/// need a glyph in the bar's fonts: DejaVu Sans Mono, Debian's default monospace, has no U+200B,
/// and polybar 3.6 logs "Dropping unmatched character" for it on every redraw.
enum PolybarEscaping {
    static let breaker = "%{O0}"

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "{", previous == "%" { out.append(contentsOf: breaker.unicodeScalars) }
            out.append(scalar)
            previous = scalar
        }
        return String(out)
    }
}

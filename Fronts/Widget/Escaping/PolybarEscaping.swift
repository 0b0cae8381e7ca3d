/// Polybar reads `%{…}` as a formatting tag or a click action (`%{A1:command:}` runs a shell)
/// and has no escape for it. A `%` from data directly followed by `{` gets a zero-width space
/// (U+200B) between them, so the two can never form a tag; nothing visible changes.
enum PolybarEscaping {
    static let breaker: Unicode.Scalar = "\u{200B}"

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "{", previous == "%" { out.append(breaker) }
            out.append(scalar)
            previous = scalar
        }
        return String(out)
    }
}

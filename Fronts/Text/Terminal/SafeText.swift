import LoansCore

/// Text from data made safe for a terminal or a bar: control characters (C0 including newline,
/// tab and ESC, DEL, C1) and bidirectional overrides become spaces, so data can neither move the
/// cursor, recolour, retitle the terminal nor reorder what is shown around it.
package enum SafeText {
    package static func sanitized(_ text: some StringProtocol) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: \.isTerminalControl) else { return String(text) }
        var out = String.UnicodeScalarView()
        for scalar in scalars {
            out.append(scalar.isTerminalControl ? " " : scalar)
        }
        return String(out)
    }
}
